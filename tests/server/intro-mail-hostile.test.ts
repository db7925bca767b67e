import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAIL_BATCH_BYTES, MAIL_BATCH_SIZE, MESSAGE_BYTES_CAP } from "#app/jobs/mail-sync.server.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { type Dovecot, rawMessage, startDovecot, writeInboxMessages } from "../helpers/dovecot.ts";
import { addInvestor, mailEnv } from "../helpers/mail-sync.ts";
import { peakRssMib } from "../helpers/process-memory.ts";
import { type RunningServer, startBuiltServer } from "../helpers/server.ts";

/**
 * A hostile mailbox for paths from mail (docs/product.md#paths-from-mail): one message whose Cc
 * names 50,000 addresses, and a thread of 10,000 messages among three people whose last replies
 * carry a References of all 10,000 Message-IDs (250 KB each). The built server (`npm run build`
 * first) syncs it at start: the Cc message is skipped at the header cap and makes no pairs; the
 * thread is three pair rows, however long; References never makes a message's main block too
 * large (the thread's messages are all read, none skipped); the process stays inside its memory
 * budget and answers while it works. Memory is the bound asserted, never time: the sync's time is
 * printed.
 */

const THREAD_MESSAGES = 10_000;
const FULL_REFERENCES = 10;
/** Peak resident memory the server may reach: the mail sync's own budget (tests/server/mail-sync-memory.test.ts). */
const RSS_BUDGET_MIB = 200;

let dovecot: Dovecot | undefined;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.stop();
  await dovecot?.stop();
  server = undefined;
  dovecot = undefined;
});

function hostileMailbox(): string[] {
  const cc = Array.from({ length: 50_000 }, (_, i) => `p${i}@crowd.example`).join(",\r\n ");
  const raws = [
    rawMessage({
      from: "Spammer <spam@crowd.example>",
      to: "founder@startup.test",
      cc,
      subject: "Everyone",
      messageId: "<everyone@crowd.example>",
      date: "Mon, 2 Nov 2026 09:00:00 +0000",
    }),
  ];
  const ids = Array.from({ length: THREAD_MESSAGES }, (_, i) => `<m${i}@thread.example>`);
  const people = ["Lena Berg <lena@angel.example>", "Jan Holm <jan@fund.example>"];
  for (let i = 0; i < THREAD_MESSAGES; i++) {
    const last = i >= THREAD_MESSAGES - FULL_REFERENCES;
    // Most clients trim References to the root and the last few; the last replies here do not.
    const references = i === 0 ? "" : last ? ids.slice(0, i).join("\r\n ") : [ids[0], ...ids.slice(Math.max(1, i - 20), i)].join(" ");
    const day = 1 + Math.floor((i / THREAD_MESSAGES) * 28);
    raws.push(
      rawMessage({
        from: people[i % 2]!,
        to: people[(i + 1) % 2]!,
        cc: "Founder <founder@startup.test>",
        subject: "Re: the long one",
        messageId: ids[i],
        date: `${day} Oct 2026 10:${String(i % 60).padStart(2, "0")}:00 +0000`,
        extraHeaders: i === 0 ? "" : `In-Reply-To: ${ids[i - 1]}\r\nReferences: ${references}`,
      }),
    );
  }
  return raws;
}

describe("a hostile mailbox", () => {
  it("a 50,000-address Cc and a 10,000-message thread: pair rows bounded, memory in budget, the server answers throughout", async () => {
    dovecot = await startDovecot();
    writeInboxMessages(dovecot, hostileMailbox());
    const { db, path } = createTestDatabase();
    addInvestor(db, "Jan Holm", "jan@fund.example");
    db.$client.close();
    const started = Date.now();
    server = await startBuiltServer({
      ...mailEnv(dovecot, { IMAP_MAILBOXES: "INBOX" }),
      SCHEDULER_ENABLED: "true",
      NODE_EXTRA_CA_CERTS: dovecot.caPath,
      DATABASE_PATH: path,
    });
    const running = server;
    const answers: number[] = [];
    await vi.waitFor(
      async () => {
        answers.push((await fetch(`${running.url}/api/health`)).status);
        const output = running.output();
        if (!/mail sync (done|failed)/.test(output) && existsSync(`/proc/${running.pid}`) && !/heap out of memory/.test(output)) {
          throw new Error("the sync at start has not finished yet");
        }
      },
      { timeout: 400_000, interval: 250 },
    );
    const seconds = (Date.now() - started) / 1000;
    const output = running.output();
    expect(output).not.toMatch(/heap out of memory/);
    expect(output).toMatch(new RegExp(`mail sync done .*seen=${THREAD_MESSAGES + 1} .*skipped=1`));
    expect(output).toMatch(/mail paths built .*paths=1 /);
    const peak = peakRssMib(running.pid);
    expect(peak!).toBeLessThan(RSS_BUDGET_MIB);
    // Every answer while the sync ran was a 200 (health reads the database the sync writes).
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((status) => status !== 200)).toEqual([]);

    const check = new Database(path, { readonly: true });
    const threadRows = check
      .prepare("select address_a, address_b, thread_key, a_wrote, b_wrote from mail_pair_threads order by 1, 2")
      .all();
    const counted = (check.prepare("select count(*) as n from mail_counted_messages").get() as { n: number }).n;
    const path0 = check.prepare("select tier, evidence from intro_paths where source = 'mail' and is_demo = 0").get() as {
      tier: string;
      evidence: string;
    };
    check.close();
    // One thread, three people: three pairs, one row each (the Cc message made none).
    expect(threadRows).toEqual([
      { address_a: "founder@startup.test", address_b: "jan@fund.example", thread_key: "<m0@thread.example>", a_wrote: 0, b_wrote: 5_000 },
      { address_a: "founder@startup.test", address_b: "lena@angel.example", thread_key: "<m0@thread.example>", a_wrote: 0, b_wrote: 5_000 },
      { address_a: "jan@fund.example", address_b: "lena@angel.example", thread_key: "<m0@thread.example>", a_wrote: 5_000, b_wrote: 5_000 },
    ]);
    expect(counted).toBe(THREAD_MESSAGES);
    expect(path0.tier).toBe("weak");
    expect(path0.evidence).toMatch(
      /^Lena Berg and jan@fund\.example were on 1 thread, last \d+ Oct, both wrote \(5000 and 5000 messages\)$/,
    );
    console.info(
      `hostile mailbox (a 50,000-address Cc, a ${THREAD_MESSAGES}-message thread, ${FULL_REFERENCES} References of 250 KB): synced in ${seconds.toFixed(1)} s ` +
        `(${Math.ceil((THREAD_MESSAGES + 1) / Math.min(MAIL_BATCH_SIZE, Math.floor(MAIL_BATCH_BYTES / MESSAGE_BYTES_CAP)))} batches), peak RSS ${peak!.toFixed(0)} MiB (budget ${RSS_BUDGET_MIB}), ${threadRows.length} pair rows, ${answers.length} health answers, all 200`,
    );
  }, 450_000);
});
