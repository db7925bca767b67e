import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readMessage } from "#app/domain/mail.ts";
import type { FetchedHeaders, MailReader } from "#app/integrations/mail/imap.server.ts";
import { buildMailPaths } from "#app/jobs/intro-mail.server.ts";
import { syncMail } from "#app/jobs/mail-sync.server.ts";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { pairCounts } from "#db/queries/mail-pairs.server.ts";
import { mailApp } from "#tests/helpers/mail-sync.ts";

/**
 * (x) Paths from mail (issue 37): building paths from 100,000 header records. The mail sync reads
 * them from a reader that serves generated header blocks (no IMAP: bench/mail-sync.ts measures the
 * server's part) — parsing, investor contacts, pair statistics, the batch transactions — then the
 * paths are built from the pair statistics (5,000 investors, 2,000 people, 25,000 threads, a tenth
 * of them newsletters). Beside it, in the same run: the same sync without pair counts (as it was
 * before paths from mail), the same records through `readMessage` alone (the parse every sync
 * already did) and the raw SQLite floor (the same number of pair rows
 * inserted by one prepared statement in one transaction). The heap after each step shows memory
 * does not grow with the mailbox. `npx node bench/intro-mail.ts` runs it alone.
 */
const RECORDS = Number(process.env.INTRO_MAIL_RECORDS ?? 100_000);
const INVESTORS = 5_000;
const PEOPLE = 2_000;
const FIRMS = 4_000;
const NOW = new Date("2026-11-25T12:00:00Z");
const encoder = new TextEncoder();

/** Header record `uid` (1-based): a thread of 4 messages between a person and a partner, the founder copied. */
function record(uid: number): FetchedHeaders {
  const thread = Math.floor((uid - 1) / 4);
  const step = (uid - 1) % 4;
  const person = `Person ${thread % PEOPLE} <person${thread % PEOPLE}@company${thread % 700}.example>`;
  const investor = (thread * 7) % INVESTORS;
  const partner = `Partner ${investor} <partner${investor}@firm${investor % FIRMS}.vc>`;
  const [from, to] = step % 2 === 0 ? [person, partner] : [partner, person];
  const newsletter = thread % 10 === 0;
  const day = 1 + (thread % 360);
  const date = new Date(NOW.getTime() - day * 86_400_000 + step * 3_600_000).toUTCString();
  const root = `<t${thread}.0@bench.example>`;
  const main =
    `From: ${from}\r\nTo: ${to}\r\nCc: Founder <founder@startup.test>${thread % 5 === 0 ? ", a@x.example, b@y.example" : ""}\r\n` +
    `Date: ${date}\r\nMessage-ID: <t${thread}.${step}@bench.example>\r\nSubject: Re: thread ${thread}\r\n\r\n`;
  const threadHeaders =
    `${newsletter ? `List-Id: <news.firm${investor % FIRMS}.vc>\r\n` : ""}${step > 0 ? `In-Reply-To: <t${thread}.${step - 1}@bench.example>\r\n` : ""}\r\n` +
    `${step > 0 ? `References: ${root}\r\n` : ""}\r\n`;
  return { uid, headers: encoder.encode(main), threadHeaders: encoder.encode(threadHeaders), internalDate: NOW };
}

function generatedReader(): MailReader {
  return {
    defaultMailboxes: async () => ["INBOX"],
    open: async (path) => ({ path, uidValidity: "1", uidNext: RECORDS + 1, exists: RECORDS, sent: false }),
    uidsAfter: async (lastUid) => Array.from({ length: RECORDS - lastUid }, (_, i) => lastUid + 1 + i),
    fetchHeaders: async (from, to) => Array.from({ length: to - from + 1 }, (_, i) => record(from + i)),
    close: async () => {},
  };
}

function freshApp() {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ipi-bench-intro-")), "app.db"));
  migrateDatabase(db);
  db.$client.transaction(() => {
    const insert = db.$client.prepare("insert into investors (name, email, is_demo) values (?, ?, 0)");
    for (let i = 0; i < INVESTORS; i++) insert.run(`Partner ${i}`, `partner${i}@firm${i % FIRMS}.vc`);
    db.$client.prepare("insert into members (name, role, is_demo) values ('Founder', 'owner', 0)").run();
  })();
  const app = mailApp(
    db,
    { IMAP_HOST: "127.0.0.1", IMAP_USER: "founder@startup.test", IMAP_PASSWORD: "x", IMAP_MAILBOXES: "INBOX" },
    () => NOW,
  );
  return { db, app };
}

const heapMib = () => process.memoryUsage().heapUsed / 1024 / 1024;

export async function runIntroMailBench(): Promise<void> {
  console.log(`(x) building paths from ${RECORDS.toLocaleString("en")} header records (${INVESTORS} investors, ${PEOPLE} people)`);
  // Baseline 1: the parse every sync already did, on the same records.
  const parseStart = performance.now();
  for (let uid = 1; uid <= RECORDS; uid++) readMessage(record(uid), new Map(), NOW);
  const parseMs = performance.now() - parseStart;

  const log = console.log;
  console.log = () => {};
  // Baseline 2: the same sync as it was before paths from mail (no pair counts, no paths).
  const before = freshApp();
  const beforeStart = performance.now();
  await syncMail(before.app, { connect: async () => generatedReader(), buildPaths: false, countPairs: false });
  const beforeMs = performance.now() - beforeStart;
  before.db.$client.close();

  const { db, app } = freshApp();
  let syncMs = 0;
  let buildMs = 0;
  let heapAfterSync = 0;
  let built: Awaited<ReturnType<typeof buildMailPaths>>;
  try {
    const syncStart = performance.now();
    const status = await syncMail(app, { connect: async () => generatedReader(), buildPaths: false });
    syncMs = performance.now() - syncStart;
    if (status.last_error || status.seen !== RECORDS) throw new Error(`the sync failed: ${status.last_error ?? `seen ${status.seen}`}`);
    globalThis.gc?.();
    heapAfterSync = heapMib();
    const buildStart = performance.now();
    built = await buildMailPaths(app);
    buildMs = performance.now() - buildStart;
  } finally {
    console.log = log;
  }
  globalThis.gc?.();
  const heapAfterBuild = heapMib();
  const counts = pairCounts(db);
  db.$client.close();

  // Baseline 3: the raw SQLite floor for as many pair rows.
  const floor = freshApp().db;
  const floorStart = performance.now();
  floor.$client.transaction(() => {
    const insert = floor.$client.prepare(
      "insert into mail_pair_threads (address_a, address_b, thread_key, a_wrote, b_wrote, first_at, last_at) values (?, ?, ?, 1, 1, ?, ?)",
    );
    for (let i = 0; i < counts.threadRows; i++)
      insert.run(`a${i}@x.example`, `b${i}@y.example`, `<t${i}@bench.example>`, NOW.toISOString(), NOW.toISOString());
  })();
  const floorMs = performance.now() - floorStart;
  floor.$client.close();

  const per = (ms: number) => `${((ms * 1000) / RECORDS).toFixed(1)} µs/record`;
  console.log(`    sync (parse, contacts, pair counts, transactions)  ${(syncMs / 1000).toFixed(2)} s  ${per(syncMs)}`);
  console.log(
    `    paths built from the pair statistics              ${(buildMs / 1000).toFixed(2)} s  (${built!.pairsRead} pairs read, ${built!.paths} paths, ${built!.added} added)`,
  );
  console.log(
    `    total                                             ${((syncMs + buildMs) / 1000).toFixed(2)} s  ${per(syncMs + buildMs)}`,
  );
  console.log(
    `    baseline: the same sync without pair counts (before paths from mail)  ${(beforeMs / 1000).toFixed(2)} s  ${per(beforeMs)}  (the sync with them ×${(syncMs / beforeMs).toFixed(2)})`,
  );
  console.log(
    `    baseline: readMessage alone on the same records   ${(parseMs / 1000).toFixed(2)} s  ${per(parseMs)}  (total ×${((syncMs + buildMs) / parseMs).toFixed(1)})`,
  );
  console.log(
    `    baseline: raw SQLite, ${counts.threadRows} pair rows in one transaction  ${(floorMs / 1000).toFixed(2)} s  (${counts.counted} messages counted)`,
  );
  console.log(`    heap after the sync ${heapAfterSync.toFixed(0)} MiB, after the build ${heapAfterBuild.toFixed(0)} MiB\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runIntroMailBench();
