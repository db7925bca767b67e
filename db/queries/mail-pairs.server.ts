import type { MailInvestor, PairStats } from "#app/domain/intro-mail.ts";
import type { MailPairMessage } from "#app/domain/mail-threads.ts";
import { type AppDatabase, statement } from "../database.server.ts";

/**
 * Pair statistics from the founder's mail (docs/product.md#paths-from-mail, decision 065 "Paths
 * from mail"): written a batch at a time in the mail sync's transaction, read a chunk of pairs at
 * a time when paths are built. Every read is keyset-paged, so memory never grows with the mailbox.
 */

/**
 * The statements that count a batch's messages, to run inside the sync's batch transaction. A
 * message already counted (the same Message-ID in another mailbox, or a mailbox read again from
 * the start) adds nothing. Returns how many messages were counted.
 */
export function pairCounter(db: AppDatabase): (messages: readonly MailPairMessage[]) => number {
  const counted = statement(db, "insert into mail_counted_messages (message_id) values (?) on conflict (message_id) do nothing");
  const sender = statement(
    db,
    `insert into mail_senders (address, name, last_at) values (?, ?, ?)
     on conflict (address) do update set name = excluded.name, last_at = excluded.last_at where excluded.last_at >= mail_senders.last_at`,
  );
  const thread = statement(
    db,
    `insert into mail_pair_threads (address_a, address_b, thread_key, a_wrote, b_wrote, first_at, last_at) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (address_a, address_b, thread_key) do update set
       a_wrote = a_wrote + excluded.a_wrote, b_wrote = b_wrote + excluded.b_wrote,
       first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`,
  );
  return (messages) => {
    let count = 0;
    // Summed per (pair, thread) and per sender first: a batch's replies in one thread are one write.
    const threads = new Map<
      string,
      { a: string; b: string; thread: string; aWrote: number; bWrote: number; first: string; last: string }
    >();
    const senders = new Map<string, { name: string; at: string }>();
    for (const message of messages) {
      if (counted.run(message.messageId).changes === 0) continue;
      count++;
      const known = senders.get(message.from);
      if (message.fromName !== "" && (!known || message.sentAt >= known.at))
        senders.set(message.from, { name: message.fromName, at: message.sentAt });
      for (const recipient of message.recipients) {
        const fromIsA = message.from < recipient;
        const a = fromIsA ? message.from : recipient;
        const b = fromIsA ? recipient : message.from;
        const key = `${a}\n${b}\n${message.threadKey}`;
        const row = threads.get(key);
        if (row) {
          if (fromIsA) row.aWrote++;
          else row.bWrote++;
          if (message.sentAt < row.first) row.first = message.sentAt;
          if (message.sentAt > row.last) row.last = message.sentAt;
        } else {
          threads.set(key, {
            a,
            b,
            thread: message.threadKey,
            aWrote: fromIsA ? 1 : 0,
            bWrote: fromIsA ? 0 : 1,
            first: message.sentAt,
            last: message.sentAt,
          });
        }
      }
    }
    for (const [address, { name, at }] of senders) sender.run(address, name, at);
    for (const row of threads.values()) thread.run(row.a, row.b, row.thread, row.aWrote, row.bWrote, row.first, row.last);
    return count;
  };
}

/** The next `limit` pairs after `after` (address_a, address_b order), their threads grouped. */
export function pairStatsAfter(db: AppDatabase, after: { a: string; b: string } | undefined, limit: number): PairStats[] {
  const rows = statement(
    db,
    `select address_a as a, address_b as b, count(*) as threads,
            sum(a_wrote > 0 and b_wrote > 0) as twoWayThreads, sum(a_wrote) as aWrote, sum(b_wrote) as bWrote,
            min(first_at) as firstAt, max(last_at) as lastAt
       from mail_pair_threads
      where (address_a, address_b) > (?, ?)
      group by address_a, address_b
      order by address_a, address_b
      limit ?`,
  ).all(after?.a ?? "", after?.b ?? "", limit) as PairStats[];
  return rows;
}

/** A number that grows whenever a message is counted (the newest counted row). */
export function countedMark(db: AppDatabase): number {
  return (statement(db, "select coalesce(max(rowid), 0) as n from mail_counted_messages").get() as { n: number }).n;
}

/** How many pair-thread rows and pairs there are (the hostile mailbox's test and the bench read it). */
export function pairCounts(db: AppDatabase): { threadRows: number; counted: number } {
  const threadRows = (statement(db, "select count(*) as n from mail_pair_threads").get() as { n: number }).n;
  const counted = (statement(db, "select count(*) as n from mail_counted_messages").get() as { n: number }).n;
  return { threadRows, counted };
}

/** Every real investor with an email or a website (demo rows never get mail). */
export function mailInvestors(db: AppDatabase): MailInvestor[] {
  return statement(
    db,
    `select id, email, website from investors
      where is_demo = 0 and ((email is not null and trim(email) <> '') or (website is not null and trim(website) <> ''))
      order by id`,
  ).all() as MailInvestor[];
}

/** The real members' addresses (lowercased) to their ids, and the owner's id. */
export function teamMembers(db: AppDatabase): { addresses: Map<string, number>; ownerId: number | undefined } {
  const rows = statement(db, "select id, email, role from members where is_demo = 0 order by id").all() as Array<{
    id: number;
    email: string | null;
    role: string;
  }>;
  const addresses = new Map<string, number>();
  let ownerId: number | undefined;
  for (const row of rows) {
    if (row.role === "owner" && ownerId === undefined) ownerId = row.id;
    const address = row.email?.trim().toLowerCase();
    if (address?.includes("@") && !addresses.has(address)) addresses.set(address, row.id);
  }
  return { addresses, ownerId };
}

/** A sender's display name as their latest message gave it. */
export function senderName(db: AppDatabase, address: string): string | undefined {
  return (statement(db, "select name from mail_senders where address = ?").get(address) as { name: string } | undefined)?.name;
}

/** The real person who has this address, if any (the oldest when several do). */
export function personWithAddress(db: AppDatabase, address: string): number | undefined {
  // From the address index to the person (not the people table scanned in id order).
  return (
    (
      statement(
        db,
        `select min(a.person_id) as id from person_addresses a
        where a.address = ? and exists (select 1 from people p where p.id = a.person_id and p.is_demo = 0)`,
      ).get(address) as { id: number | null } | undefined
    )?.id ?? undefined
  );
}

/** The real mail paths after `afterId`, a page at a time (to remove those that no longer hold). */
export function mailPathsAfter(db: AppDatabase, afterId: number, limit: number): Array<{ id: number; state: string; investorId: number }> {
  return statement(
    db,
    "select id, state, investor_id as investorId from intro_paths where source = 'mail' and is_demo = 0 and id > ? order by id limit ?",
  ).all(afterId, limit) as Array<{ id: number; state: string; investorId: number }>;
}

export function personName(db: AppDatabase, personId: number): string | undefined {
  return (statement(db, "select name from people where id = ?").get(personId) as { name: string } | undefined)?.name;
}

export function memberName(db: AppDatabase, memberId: number): string | undefined {
  return (statement(db, "select name from members where id = ?").get(memberId) as { name: string } | undefined)?.name;
}
