import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { ImapFlow } from "imapflow";
import { MAIL_HEADER_FIELDS } from "#app/domain/mail.ts";
import { type MailReader, connectMailServer } from "#app/integrations/mail/imap.server.ts";
import { MAIL_BATCH_SIZE, syncMail } from "#app/jobs/mail-sync.server.ts";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { type Dovecot, rawMessage, startDovecot, writeInboxMessages } from "#tests/helpers/dovecot.ts";
import { addInvestor, mailApp, mailEnv } from "#tests/helpers/mail-sync.ts";

/**
 * (l) Mail sync: a first sync of 10,000 messages in one mailbox against a private Dovecot on
 * loopback, beside imapflow alone fetching the same header fields in the same batches (connect,
 * EXAMINE, FETCH, logout) in the same run. The messages are written straight into the maildir
 * (Dovecot indexes them on a warm-up open), not APPENDed one by one. 1,000 investors; half the
 * messages name one. Three runs each, alternating; the share in our code is the sync's time
 * outside the IMAP calls (parsing, matching, the transactions, yielding) over its total.
 * `npx node bench/mail-sync.ts` runs it alone.
 */
const MESSAGES = 10_000;
const INVESTORS = 1_000;
const RUNS = 3;

function messages(): string[] {
  return Array.from({ length: MESSAGES }, (_, i) => {
    const investor = i % (INVESTORS * 2); // Every other one names no investor we know.
    const to = `"Investor ${investor}, Partner" <Investor${investor}@Fund${investor % 50}.example>, colleague${i}@startup.test`;
    return rawMessage({
      from: i % 3 === 0 ? `Investor ${investor} <investor${investor}@fund${investor % 50}.example>` : "Founder <founder@startup.test>",
      to,
      cc: i % 7 === 0 ? "advisor@mentors.example" : undefined,
      subject: i % 5 === 0 ? "=?UTF-8?Q?Re:_Our_seed_round_=E2=80=94_update?=" : `Update ${i}`,
      date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString().replace("GMT", "+0000"),
      messageId: `<bench-${i}@startup.test>`,
      body: `Message ${i}.\n${"Some text. ".repeat(40)}`,
    });
  });
}

let aloneStalls: number[] = [];

async function imapflowAlone(dovecot: Dovecot): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: true,
    tls: { ca: dovecot.ca },
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
    disableAutoIdle: true,
  });
  await client.connect();
  const box = await client.mailboxOpen("INBOX", { readOnly: true });
  let fetched = 0;
  for (let from = 1; from < box.uidNext; from += MAIL_BATCH_SIZE) {
    const batch = await client.fetchAll(
      `${from}:${Math.min(box.uidNext - 1, from + MAIL_BATCH_SIZE - 1)}`,
      { uid: true, internalDate: true, headers: [...MAIL_HEADER_FIELDS] },
      { uid: true },
    );
    fetched += batch.length;
  }
  await client.logout();
  delay.disable();
  aloneStalls.push(delay.max / 1e6);
  if (fetched !== MESSAGES) throw new Error(`imapflow fetched ${fetched} of ${MESSAGES}`);
  return performance.now() - started;
}

async function ourSync(dovecot: Dovecot): Promise<{ total: number; imap: number; added: number; stallMs: number }> {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ipi-bench-mail-")), "app.db"));
  migrateDatabase(db);
  db.$client.transaction(() => {
    for (let i = 0; i < INVESTORS; i++) addInvestor(db, `Investor ${i}`, `investor${i}@fund${i % 50}.example`);
  })();
  const app = mailApp(db, mailEnv(dovecot, { IMAP_MAILBOXES: "INBOX" }));
  let imap = 0;
  const timed = async <T>(call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await call();
    } finally {
      imap += performance.now() - started;
    }
  };
  const connect = async (options: Parameters<typeof connectMailServer>[0]): Promise<MailReader> => {
    const reader = await timed(() => connectMailServer({ ...options, tls: { ca: dovecot.ca } }));
    return {
      defaultMailboxes: () => timed(() => reader.defaultMailboxes()),
      open: (path) => timed(() => reader.open(path)),
      uidsAfter: (lastUid) => timed(() => reader.uidsAfter(lastUid)),
      fetchHeaders: (from, to) => timed(() => reader.fetchHeaders(from, to)),
      close: () => timed(() => reader.close()),
    };
  };
  const log = console.log;
  console.log = () => {};
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  try {
    const status = await syncMail(app, { connect });
    const total = performance.now() - started;
    delay.disable();
    if (status.last_error || status.seen !== MESSAGES) throw new Error(`the sync failed: ${status.last_error ?? `seen ${status.seen}`}`);
    return { total, imap, added: status.added, stallMs: delay.max / 1e6 };
  } finally {
    delay.disable();
    console.log = log;
    db.$client.close();
  }
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${(median / 1000).toFixed(2)} s (${(sorted[0]! / 1000).toFixed(2)}–${(sorted.at(-1)! / 1000).toFixed(2)} s, n=${sorted.length})`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runMailSyncBench(): Promise<void> {
  const dovecot = await startDovecot();
  try {
    const written = performance.now();
    writeInboxMessages(dovecot, messages());
    const writeMs = performance.now() - written;
    const indexed = performance.now();
    await imapflowAlone(dovecot); // Dovecot indexes the new maildir files on this first open.
    const indexMs = performance.now() - indexed;

    aloneStalls = [];
    const ours: Array<{ total: number; imap: number; added: number; stallMs: number }> = [];
    const alone: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (run % 2 === 0) {
        ours.push(await ourSync(dovecot));
        alone.push(await imapflowAlone(dovecot));
      } else {
        alone.push(await imapflowAlone(dovecot));
        ours.push(await ourSync(dovecot));
      }
    }
    const shares = ours.map((run) => (run.total - run.imap) / run.total);
    console.log(
      `(l) mail sync, a first sync of ${MESSAGES.toLocaleString("en")} messages in one mailbox, ${INVESTORS.toLocaleString("en")} investors (Dovecot on loopback, TLS)`,
    );
    console.log(
      `    setup: maildir files written in ${(writeMs / 1000).toFixed(2)} s, indexed by Dovecot on a warm-up open in ${(indexMs / 1000).toFixed(2)} s`,
    );
    console.log(`    ours (syncMail, ${ours[0]!.added.toLocaleString("en")} contacts saved): ${spread(ours.map((run) => run.total))}`);
    console.log(`    imapflow alone, same header fields and batches: ${spread(alone)}`);
    console.log(
      `    ratio ${(median(ours.map((run) => run.total)) / median(alone)).toFixed(2)}× imapflow alone; share in our code (outside IMAP calls) median ${(median(shares) * 100).toFixed(0)}% (${(Math.min(...shares) * 100).toFixed(0)}–${(Math.max(...shares) * 100).toFixed(0)}%)`,
    );
    console.log(
      `    longest event-loop stall: ours median ${median(ours.map((run) => run.stallMs)).toFixed(0)} ms, imapflow alone median ${median(aloneStalls.slice(1)).toFixed(0)} ms (its parsing of a 500-message answer)`,
    );
  } finally {
    await dovecot.stop();
  }
}

if (import.meta.main) await runMailSyncBench();
