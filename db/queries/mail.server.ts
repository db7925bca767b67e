import type { MailDirection } from "#app/domain/mail-today.ts";
import { LOG_ALL_LIMIT, mailLogEdit } from "#app/domain/mail-today.ts";
import type { RelationshipStatus } from "#app/domain/investor.ts";
import type { Actor } from "#app/domain/people.ts";
import type { ScoringRules } from "#app/domain/scoring.ts";
import { type InvestorChange, recordedChange } from "#app/domain/undo.ts";
import { type AppDatabase, statement } from "../database.server.ts";
import { editInvestor } from "./investors.server.ts";
import { writeDemoOnly } from "./kept.server.ts";
import { type UndoToken, newestContactEntryId, saveUndo, userOwned } from "./undo.server.ts";

/**
 * Mail contacts as Today and the investor page show them, and "Log" (docs/decisions/014-mail-capture.md,
 * "Today and logging"). Every read is for one side (real or demo, through investors.is_demo, never
 * both), limited to what is shown, with prepared statements.
 */

export type MailToLogRow = {
  id: number;
  investor_id: number;
  name: string;
  firm: string | null;
  direction: MailDirection;
  sent_at: string;
  subject: string;
  /** Whether the receiving server vouched for the From (decision 017); shown as "unverified" when not. */
  verified: boolean;
};

export type ReplyWaitingRow = {
  /** The latest received message's mail contact. */
  id: number;
  investor_id: number;
  name: string;
  firm: string | null;
  relationship_status: RelationshipStatus;
  received_at: string;
  subject: string;
  /** Whether that message is still to be logged (the row then offers "Log"). */
  logged: boolean;
  verified: boolean;
};

export type MailContactRow = {
  id: number;
  direction: MailDirection;
  sent_at: string;
  subject: string;
  message_id: string;
  logged_at: string | null;
  verified: boolean;
};

/** SQLite's 0/1 as a boolean. */
function withVerified<T extends { verified: number | boolean }>(row: T): Omit<T, "verified"> & { verified: boolean } {
  return { ...row, verified: row.verified === 1 || row.verified === true };
}

type Counted<T> = { rows: T[]; total: number };

/**
 * Unlogged mail contacts, newest first: the first `limit` and how many there are. The
 * (logged_at, sent_at) index gives them in order without a sort.
 */
export function readMailToLog(db: AppDatabase, demo: boolean, limit: number): Counted<MailToLogRow> {
  const rows = statement(
    db,
    `select m.id, m.investor_id, i.name, i.firm, m.direction, m.sent_at, m.subject, m.verified
       from mail_contacts m join investors i on i.id = m.investor_id
      where m.logged_at is null and i.is_demo = ?
      order by m.sent_at desc, m.id desc limit ?`,
  )
    .all(demo ? 1 : 0, limit)
    .map((row) => withVerified(row as MailToLogRow));
  const total =
    rows.length < limit
      ? rows.length
      : (
          statement(
            db,
            `select count(*) as n from mail_contacts m join investors i on i.id = m.investor_id
              where m.logged_at is null and i.is_demo = ?`,
          ).get(demo ? 1 : 0) as { n: number }
        ).n;
  return { rows, total };
}

/**
 * The SQL of "Replies waiting on you" (the same rule as app/domain/mail-today.ts's `repliesWaiting`):
 * each investor's latest received message, unless a verified message was sent to them after it, a
 * contact was recorded on a later day, or they passed or are not a fit. An unverified received
 * message still waits (shown "unverified"); an unverified "sent" one — a From that only claims to
 * be the founder's — answers nothing (decision 017).
 */
const REPLIES_WAITING = `
  with received as (
    select m.id, m.investor_id, m.sent_at, m.subject, m.logged_at, m.verified,
           row_number() over (partition by m.investor_id order by m.sent_at desc, m.id desc) as n
      from mail_contacts m join investors i on i.id = m.investor_id
     where i.is_demo = ? and m.direction = 'received'
  )
  select r.id, r.investor_id, i.name, i.firm, i.relationship_status, r.sent_at as received_at, r.subject,
         r.logged_at is not null as logged, r.verified, count(*) over () as total
    from received r join investors i on i.id = r.investor_id
   where r.n = 1
     and i.relationship_status not in ('passed', 'not_a_fit')
     and (i.last_contact_date is null or i.last_contact_date <= substr(r.sent_at, 1, 10))
     and not exists (
       select 1 from mail_contacts s
        where s.investor_id = r.investor_id and s.direction = 'sent' and s.verified = 1 and s.sent_at > r.sent_at)
   order by r.sent_at asc, i.id asc
   limit ?`;

/** "Replies waiting on you": longest waiting first, the first `limit` and how many there are. */
export function readRepliesWaiting(db: AppDatabase, demo: boolean, limit: number): Counted<ReplyWaitingRow> {
  const found = statement(db, REPLIES_WAITING).all(demo ? 1 : 0, limit) as (Omit<ReplyWaitingRow, "logged" | "verified"> & {
    logged: number;
    verified: number;
    total: number;
  })[];
  return {
    rows: found.map(({ total: _total, logged, verified, ...row }) => ({ ...row, logged: logged === 1, verified: verified === 1 })),
    total: found[0]?.total ?? 0,
  };
}

/** How many replies are waiting, for the digest (the same query, its count only). */
export function countRepliesWaiting(db: AppDatabase, demo: boolean): number {
  return readRepliesWaiting(db, demo, 1).total;
}

/** One investor's mail contacts, newest first (at most `limit`), and how many there are. */
export function readInvestorMail(db: AppDatabase, investorId: number, limit: number): Counted<MailContactRow> {
  const rows = statement(
    db,
    `select id, direction, sent_at, subject, message_id, logged_at, verified from mail_contacts
      where investor_id = ? order by sent_at desc, id desc limit ?`,
  )
    .all(investorId, limit)
    .map((row) => withVerified(row as MailContactRow));
  const total =
    rows.length < limit
      ? rows.length
      : (statement(db, "select count(*) as n from mail_contacts where investor_id = ?").get(investorId) as { n: number }).n;
  return { rows, total };
}

export type MailSelection = { ids: readonly number[] } | "all";

/**
 * "Log" and "Log all": each unlogged mail contact of the selection (on this side only; an id of
 * the other side, unknown or already logged is skipped) becomes a contact entry through the
 * investor edit — `{date: the message's day, channel: "email", note: its subject}`, the last
 * contact moved forward never back, an uncontacted investor made "contacted" — and is marked
 * logged, all in one transaction. "All" takes the oldest `LOG_ALL_LIMIT` first. With `undo`, what
 * it recorded (per investor: the entries, the mail contacts marked, the status and last contact
 * date moved) is saved under that token in the same transaction (decision 036). Returns how many
 * were logged and the investors touched (for the caller's per-startup re-score).
 */
export function logMailContacts(
  db: AppDatabase,
  selection: MailSelection,
  options: { demo: boolean; now: Date; rules: ScoringRules; actor: Actor },
  undo?: UndoToken,
): { logged: number; investorIds: number[] } {
  const side = options.demo ? 1 : 0;
  type Pending = { id: number; investor_id: number; sent_at: string; subject: string; relationship_status: RelationshipStatus };
  const columns = `m.id, m.investor_id, m.sent_at, m.subject, i.relationship_status
    from mail_contacts m join investors i on i.id = m.investor_id
   where m.logged_at is null and i.is_demo = ?`;
  const order = "order by m.investor_id, m.sent_at, m.id";
  const markLogged = statement(db, "update mail_contacts set logged_at = ? where id = ? and logged_at is null");
  const run = db.$client.transaction(() => {
    const pending =
      selection === "all"
        ? (statement(db, `select * from (select ${columns} order by m.sent_at, m.id limit ?) m ${order}`).all(
            side,
            LOG_ALL_LIMIT,
          ) as Pending[])
        : (statement(db, `select ${columns} and m.id in (select value from json_each(?)) ${order}`).all(
            side,
            JSON.stringify(selection.ids),
          ) as Pending[]);
    const status = new Map<number, RelationshipStatus>();
    // Per investor, what this log recorded: its values before the first entry, the entries, the mail marked.
    const recorded = new Map<number, { before: NonNullable<ReturnType<typeof userOwned>>; entries: number[]; mail: number[] }>();
    const stamp = options.now.toISOString();
    let logged = 0;
    for (const mail of pending) {
      const before = status.get(mail.investor_id) ?? mail.relationship_status;
      const edit = mailLogEdit(before, mail.sent_at, mail.subject);
      const values = recorded.has(mail.investor_id) ? undefined : userOwned(db, mail.investor_id, options.demo);
      if (!editInvestor(db, mail.investor_id, edit, { now: options.now, rules: options.rules, demo: options.demo, actor: options.actor }))
        continue;
      status.set(mail.investor_id, edit.relationship_status ?? before);
      if (values) recorded.set(mail.investor_id, { before: values, entries: [], mail: [] });
      const record = recorded.get(mail.investor_id)!;
      record.entries.push(newestContactEntryId(db, mail.investor_id)!);
      const marked = markLogged.run(stamp, mail.id).changes;
      if (marked > 0) record.mail.push(mail.id);
      logged += marked;
    }
    if (undo && recorded.size > 0) {
      const investors: InvestorChange[] = [...recorded].map(([id, record]) =>
        recordedChange(id, record.before, userOwned(db, id, options.demo)!, record.entries, record.mail),
      );
      saveUndo(db, { investors }, options, undo);
    }
    return { logged, investorIds: [...status.keys()] };
  });
  // The demo's "Log" changes demo rows only: kept real pages stay kept (decision 018).
  return options.demo ? writeDemoOnly(db, () => run.immediate()) : run.immediate();
}
