import type { ConnectionOptions } from "node:tls";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { AppDatabase } from "#db/database.server.ts";
import { statement } from "#db/database.server.ts";
import { pairCounter } from "#db/queries/mail-pairs.server.ts";
import {
  type MailSyncStatus,
  NO_MAIL_SYNC,
  SKIPPED_SHOWN,
  type SkippedMessage,
  readMailSyncStatus,
  saveMailSyncStatus,
} from "#db/queries/mail-status.server.ts";
import type { App } from "../app.server.ts";
import type { Config } from "../config.server.ts";
import {
  HEADER_BYTES_CAP,
  type InvestorAddressBook,
  type MailContactDraft,
  type MailOwner,
  addressesHash,
  investorAddresses,
  readMessage,
} from "../domain/mail.ts";
import { type MailPairMessage, REFERENCES_BYTES_CAP, THREAD_BYTES_CAP, pairMessageOf } from "../domain/mail-threads.ts";
import { IntegrationError } from "../integrations/errors.ts";
import { type MailReader, type MailServerOptions, connectMailServer } from "../integrations/mail/imap.server.ts";
import { log } from "../log.server.ts";
import { buildMailPaths } from "./intro-mail.server.ts";
import { rescoreForPaths } from "../services/intro-asked.server.ts";

/**
 * Mail capture's sync (docs/decisions/014-mail-capture.md): reads the header fields of new
 * messages in the founder's mailboxes and saves a mail contact for each real investor a message
 * names. Per mailbox it remembers the UIDVALIDITY and the last UID read, so each message is read
 * once; a new UIDVALIDITY, or a new set of investor addresses, reads the mailbox again from the
 * start (the unique (message_id, investor_id) index keeps that from duplicating anything). Each
 * batch of UIDs is saved in one transaction with the mailbox's new last UID: a crash re-reads at
 * most the batch it was in. One sync at a time; never throws.
 */

/** Mail capture is on when a server, a user and a password are set. */
export function mailConfigured(config: Config): boolean {
  return Boolean(config.IMAP_HOST && config.IMAP_USER && config.IMAP_PASSWORD);
}

export const MAIL_BATCH_SIZE = 500;
/**
 * The most header bytes one fetch may bring (decision 017): each message brings at most
 * MESSAGE_BYTES_CAP (its fields, then the thread and References sections), so a fetch asks for at
 * most 215 messages — 8 MiB at worst, whatever the mailbox holds. A normal message's fields are
 * under 4 KB, so a fetch is usually under 1 MB.
 */
export const MAIL_BATCH_BYTES = 8 * 1024 * 1024;
export const MESSAGE_BYTES_CAP = HEADER_BYTES_CAP + THREAD_BYTES_CAP + REFERENCES_BYTES_CAP;
const PARSE_STEP = 100;
/** Investors re-scored between turns after the paths are rebuilt. */
const RESCORE_STEP = 200;

/** For tests and the benchmark: extra TLS trust, smaller batches, a look at each saved batch. */
export type SyncMailOptions = {
  tls?: ConnectionOptions;
  /** Shorter connection and greeting timeouts (a test that must not wait 15 s). */
  timeoutsMs?: { connection?: number; greeting?: number; socket?: number };
  batchSize?: number;
  /** Called after each batch is committed (mailbox, the UID range read, messages fetched). */
  onBatchSaved?: (batch: { mailbox: string; fromUid: number; toUid: number; fetched: number }) => void | Promise<void>;
  /** false: leave paths from mail unbuilt (the benchmark measures the sync alone). */
  buildPaths?: boolean;
  /** false: count no pairs either (the benchmark's baseline: the sync as it was before paths from mail). */
  countPairs?: boolean;
  /** Replaces the IMAP connection (the benchmark measures our part on its own). */
  connect?: (options: MailServerOptions) => Promise<MailReader>;
};

let running: Promise<MailSyncStatus> | undefined;
let stopRequested = false;

/**
 * Reads new message headers from the founder's mailboxes and saves the mail contacts they name.
 * Never throws: a failure is kept in the returned status, in our own words. A call while a sync
 * runs gets that sync's result.
 */
export function syncMail(app: App, options: SyncMailOptions = {}): Promise<MailSyncStatus> {
  if (running) return running;
  const current = runSync(app, options).finally(() => {
    if (running === current) running = undefined;
  });
  running = current;
  return current;
}

/** Asks a running sync to stop after its current batch (SIGTERM) and waits for it. */
export async function stopMailSync(): Promise<void> {
  const current = running;
  if (!current) return;
  stopRequested = true;
  try {
    await current;
  } finally {
    stopRequested = false;
  }
}

async function runSync(app: App, options: SyncMailOptions): Promise<MailSyncStatus> {
  const { config, db } = app;
  const previous = readMailSyncStatus(db);
  // A list of its own: the sync adds to it (NO_MAIL_SYNC's is shared).
  const status: MailSyncStatus = { ...NO_MAIL_SYNC, mailboxes: [], skipped_messages: [], started_at: app.now().toISOString() };
  if (!mailConfigured(config)) {
    return previous;
  }
  // The start is saved too, so the settings page can tell a sync is under way.
  safeSave(db, { ...previous, started_at: status.started_at, finished_at: null }, app.now());

  const where = `${config.IMAP_HOST}:${config.IMAP_PORT}`;
  const fail = (error: unknown, mailbox?: string) => {
    const failure = mailSyncFailure(error, where);
    // The first failure is the one shown; later ones are usually its consequence.
    if (status.last_error === null) {
      status.last_error = failure.message;
      status.last_error_at = app.now().toISOString();
    }
    const fields = mailbox === undefined ? { server: where } : { server: where, mailbox };
    if (failure instanceof IntegrationError) log.warn(`mail sync failed: ${failure.message}`, fields);
    else log.error(`mail sync failed: ${failure.message}`, { ...fields, error: safeErrorName(error) });
  };

  let reader: MailReader | undefined;
  try {
    const book = investorAddressBook(db);
    const hash = addressesHash([...book].flatMap(([address, ids]) => ids.map((id) => `${address} ${id}`)));
    reader = await (options.connect ?? connectMailServer)({
      host: config.IMAP_HOST!,
      port: config.IMAP_PORT,
      secure: config.IMAP_TLS,
      user: config.IMAP_USER!,
      password: config.IMAP_PASSWORD!,
      tls: options.tls,
      connectionTimeoutMs: options.timeoutsMs?.connection,
      greetingTimeoutMs: options.timeoutsMs?.greeting,
      socketTimeoutMs: options.timeoutsMs?.socket,
    });
    const configured = (config.IMAP_MAILBOXES ?? "")
      .split(",")
      .map((path) => path.trim())
      .filter((path) => path !== "");
    const mailboxes = configured.length > 0 ? [...new Set(configured)] : await reader.defaultMailboxes();
    for (const mailbox of mailboxes) {
      if (stopRequested) break;
      try {
        await syncMailbox(app, reader, mailbox, book, hash, status, options);
        status.mailboxes.push(mailbox);
      } catch (error) {
        fail(error, mailbox);
        // A mailbox that is missing does not stop the others; a lost connection does.
        if (!(error instanceof IntegrationError && error.failure === "bad_request")) break;
      }
    }
  } catch (error) {
    fail(error);
  } finally {
    await reader?.close().catch(() => {});
  }
  await rebuildPaths(app, options);
  status.finished_at = app.now().toISOString();
  status.skipped_messages = keptSkipped(previous.skipped_messages, status.skipped_messages);
  safeSave(db, status, app.now());
  if (status.last_error === null) {
    log.info("mail sync done", {
      mailboxes: status.mailboxes.length,
      seen: status.seen,
      matched: status.matched,
      added: status.added,
      skipped: status.skipped,
    });
  }
  return status;
}

async function syncMailbox(
  app: App,
  reader: MailReader,
  mailbox: string,
  book: InvestorAddressBook,
  hash: string,
  status: MailSyncStatus,
  options: SyncMailOptions,
): Promise<void> {
  const { db } = app;
  const opened = await reader.open(mailbox);
  const stored = statement(db, "select uid_validity, last_uid, addresses_hash from mail_mailboxes where path = ?").get(mailbox) as
    | { uid_validity: string; last_uid: number; addresses_hash: string }
    | undefined;
  // Same UIDVALIDITY and the same investors: carry on after the last UID read. Otherwise, from the start.
  const lastUid = stored && stored.uid_validity === opened.uidValidity && stored.addresses_hash === hash ? stored.last_uid : 0;
  // Bounded by count and by bytes: at most MAIL_BATCH_BYTES of capped header sections a fetch.
  const batchSize = Math.max(1, Math.min(options.batchSize ?? MAIL_BATCH_SIZE, Math.floor(MAIL_BATCH_BYTES / MESSAGE_BYTES_CAP)));
  const owner: MailOwner = { addresses: founderAddresses(app.config), sentMailbox: opened.sent };
  const save = saveBatch(db);
  // Records the (possibly new) UIDVALIDITY and hash even when there is nothing new to read.
  save([], [], mailbox, opened.uidValidity, lastUid, hash, app.now());
  if (opened.exists === 0) return;
  // Only UIDs that exist: a mailbox cleaned up over the years has a few messages under a high UIDNEXT.
  const uids = await reader.uidsAfter(lastUid);
  for (let start = 0; start < uids.length && !stopRequested; start += batchSize) {
    const batch = uids.slice(start, start + batchSize);
    const fromUid = batch[0]!;
    const toUid = batch[batch.length - 1]!;
    const messages = await reader.fetchHeaders(fromUid, toUid);
    const fetched = messages.length;
    const now = app.now();
    const drafts: MailContactDraft[] = [];
    const pairs: MailPairMessage[] = [];
    let skippedHere = 0;
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i]!;
      const { contacts, skipped, headers } = readMessage(message, book, now, owner);
      // Read past, never retried: the next sync goes on after it. Named by mailbox and UID only.
      if (skipped) {
        status.skipped++;
        status.skipped_messages.push({ mailbox, uid: message.uid, reason: skipped });
        skippedHere++;
      }
      if (contacts.length > 0) status.matched++;
      drafts.push(...contacts);
      if (!skipped && options.countPairs !== false) {
        const counted = pairMessageOf(message, now, headers);
        if (counted.message) pairs.push(counted.message);
      }
      // Its header bytes can go now: only the drafts' own copies stay until the batch is saved.
      messages[i] = { ...message, headers: undefined, threadHeaders: undefined };
      // Parsing is the batch's longest part: requests get a turn every PARSE_STEP messages.
      if ((i + 1) % PARSE_STEP === 0) await yieldToEventLoop();
    }
    status.seen += fetched;
    // One line a batch, not one a message: a mailbox of 10,000 bad messages is not 10,000 lines.
    if (skippedHere > 0) log.warn("mail sync skipped messages", { mailbox, skipped: skippedHere, from_uid: fromUid, to_uid: toUid });
    // The highest UID of the batch is saved with its contacts: nothing past what was read.
    status.added += save(drafts, pairs, mailbox, opened.uidValidity, toUid, hash, now);
    await options.onBatchSaved?.({ mailbox, fromUid, toUid, fetched });
    // A batch is a few milliseconds of parsing and one transaction: let requests in between.
    await yieldToEventLoop();
  }
}

/**
 * The skipped messages the status names: this sync's and the earlier ones, each (mailbox, UID)
 * once, the newest SKIPPED_SHOWN. A mailbox read again from the start skips the same ones again.
 */
function keptSkipped(earlier: readonly SkippedMessage[], now: readonly SkippedMessage[]): SkippedMessage[] {
  const key = (entry: SkippedMessage) => `${entry.uid} ${entry.mailbox}`;
  const fresh = new Set(now.map(key));
  const kept = [...earlier.filter((entry) => !fresh.has(key(entry))), ...now];
  return kept.slice(-SKIPPED_SHOWN);
}

/**
 * One transaction: the batch's contacts (a known one is skipped), its messages counted in the pair
 * statistics (a counted one is skipped: app/domain/mail-threads.ts) and the mailbox's new last UID.
 */
function saveBatch(db: AppDatabase) {
  const insert = statement(
    db,
    `insert into mail_contacts (investor_id, message_id, direction, sent_at, subject, verified)
     select ?, ?, ?, ?, ?, ? where exists (select 1 from investors where id = ? and is_demo = 0)
     on conflict (message_id, investor_id) do nothing`,
  );
  // The founder's copy decides: a message first read in the inbox (a copy Bcc'd to themselves,
  // sent from an address the app cannot tell is theirs) is the founder's, and verified, when Sent
  // holds it too. An unverified "sent" copy (a From that only claims to be the founder) decides nothing.
  const sentWins = statement(
    db,
    `update mail_contacts set direction = 'sent', verified = 1
      where message_id = ? and investor_id = ? and (direction <> 'sent' or verified = 0)`,
  );
  const mark = statement(
    db,
    `insert into mail_mailboxes (path, uid_validity, last_uid, addresses_hash, synced_at) values (?, ?, ?, ?, ?)
     on conflict (path) do update set uid_validity = excluded.uid_validity, last_uid = excluded.last_uid,
       addresses_hash = excluded.addresses_hash, synced_at = excluded.synced_at`,
  );
  const countPairs = pairCounter(db);
  return db.$client.transaction(
    (
      drafts: MailContactDraft[],
      pairs: MailPairMessage[],
      mailbox: string,
      uidValidity: string,
      lastUid: number,
      hash: string,
      now: Date,
    ) => {
      let added = 0;
      for (const draft of drafts) {
        const inserted = insert.run(
          draft.investorId,
          draft.messageId,
          draft.direction,
          draft.sentAt,
          draft.subject,
          draft.verified ? 1 : 0,
          draft.investorId,
        ).changes;
        added += inserted;
        if (inserted === 0 && draft.direction === "sent" && draft.verified) sentWins.run(draft.messageId, draft.investorId);
      }
      countPairs(pairs);
      mark.run(mailbox, uidValidity, lastUid, hash, now.toISOString());
      return added;
    },
  );
}

/**
 * Paths from mail, rebuilt from the pair statistics after every sync (whatever it read: a new
 * investor or member changes the paths without new mail). A failure is logged and left for the
 * next sync; the sync's own status is unaffected.
 */
async function rebuildPaths(app: App, options: SyncMailOptions): Promise<void> {
  if (options.buildPaths === false) return;
  try {
    const result = await buildMailPaths(app);
    if (!result.unchanged) {
      log.info("mail paths built", { pairs: result.pairsRead, paths: result.paths, added: result.added, removed: result.removed });
    }
    // A path found, lost or grown stronger moves the investor's score and Today's ask (decision 065).
    for (let start = 0; start < result.touched.length; start += RESCORE_STEP) {
      rescoreForPaths(app, result.touched.slice(start, start + RESCORE_STEP), false);
      await yieldToEventLoop();
    }
  } catch (error) {
    log.error("mail paths could not be built", { error: safeErrorName(error) });
  }
}

/** The founder's own addresses: IMAP_USER when it is an email address (most providers' log-in). */
function founderAddresses(config: Config): Set<string> {
  const user = config.IMAP_USER?.trim().toLowerCase() ?? "";
  return new Set(user.includes("@") ? [user] : []);
}

/** Every real investor's address (demo rows never get mail), lowercased, to the ids that have it. */
export function investorAddressBook(db: AppDatabase): InvestorAddressBook {
  const rows = statement(
    db,
    "select id, email from investors where is_demo = 0 and email is not null and trim(email) <> '' order by id",
  ).all() as Array<{
    id: number;
    email: string;
  }>;
  const book: InvestorAddressBook = new Map();
  for (const row of rows) {
    for (const address of investorAddresses(row.email)) {
      const ids = book.get(address);
      if (ids) ids.push(row.id);
      else book.set(address, [row.id]);
    }
  }
  return book;
}

/** A failure as the status shows it: an IntegrationError's own sentence, or a fixed one of ours. */
function mailSyncFailure(error: unknown, where: string): Error {
  if (error instanceof IntegrationError) return error;
  return new Error(
    `The mail sync with ${where} stopped on an unexpected error; what was read before it is kept, and it will try again on its schedule.`,
  );
}

/** Only an error's class name goes in the log line (its message could carry anything). */
function safeErrorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

function safeSave(db: AppDatabase, status: MailSyncStatus, now: Date): void {
  try {
    saveMailSyncStatus(db, status, now);
  } catch (error) {
    log.error("mail sync status could not be saved", { error: safeErrorName(error) });
  }
}
