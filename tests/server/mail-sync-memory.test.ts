import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../helpers/database.ts";
import { type Dovecot, rawMessage, startDovecot, writeInboxMessages } from "../helpers/dovecot.ts";
import { addInvestor, mailEnv } from "../helpers/mail-sync.ts";
import { peakRssMib } from "../helpers/process-memory.ts";
import { type RunningServer, startBuiltServer } from "../helpers/server.ts";

/**
 * Mail cannot take the server down (issue 23, decision 017): the built server (`npm run build`
 * first, run with the production flags, an old space of 96 MB) syncs a mailbox of messages whose
 * Cc is 0.7 MB each. Before the byte cap the sync at start read every header whole and the
 * process died out of memory (and again at every restart); now each message costs at most its
 * capped header fields, the large ones are skipped and named, and the mail around them is saved.
 * This is a memory bound (the process's peak resident size), not a time bound.
 */

/** Peak resident memory the server may reach during the sync: 134 MiB measured with the cap (before it, 60 such messages peaked at 247 MiB and 120 ran out of heap). */
const RSS_BUDGET_MIB = 200;
const LARGE_MESSAGES = 120;

let dovecot: Dovecot | undefined;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.stop();
  await dovecot?.stop();
  server = undefined;
  dovecot = undefined;
});

/** A Cc of `count` addresses, one per folded line: about 18 bytes each (40,000 ≈ 0.7 MB). */
function hugeCc(count: number): string {
  return Array.from({ length: count }, (_, i) => `p${i}@list.example`).join(",\r\n ");
}

describe("a mailbox of large-header messages", () => {
  it("syncs within the server's memory budget, skips and names the large ones, saves the rest, and the server stays up", async () => {
    dovecot = await startDovecot();
    const cc = hugeCc(40_000);
    expect(cc.length).toBeGreaterThan(700_000);
    const raws = [
      rawMessage({ from: "Jane <jane@fund.com>", to: "founder@startup.test", subject: "Before", messageId: "<before@fund.com>" }),
      ...Array.from({ length: LARGE_MESSAGES }, (_, i) =>
        rawMessage({ from: "Jane <jane@fund.com>", to: "founder@startup.test", cc, subject: `Big ${i}`, messageId: `<big${i}@fund.com>` }),
      ),
      rawMessage({ from: "Jane <jane@fund.com>", to: "founder@startup.test", subject: "After", messageId: "<after@fund.com>" }),
    ];
    writeInboxMessages(dovecot, raws);

    const { db, path } = createTestDatabase();
    addInvestor(db, "Jane Doe", "jane@fund.com");
    db.$client.close();
    server = await startBuiltServer({
      ...mailEnv(dovecot, { IMAP_MAILBOXES: "INBOX" }),
      SCHEDULER_ENABLED: "true",
      NODE_EXTRA_CA_CERTS: dovecot.caPath,
      DATABASE_PATH: path,
    });
    const running = server;
    // The sync at start: done, failed, or the process gone (which fails below).
    await vi.waitFor(
      () => {
        const output = running.output();
        if (!/mail sync (done|failed)/.test(output) && existsSync(`/proc/${running.pid}`) && !/heap out of memory/.test(output)) {
          throw new Error("the sync at start has not finished yet");
        }
      },
      { timeout: 240_000, interval: 200 },
    );
    const output = running.output();
    expect(output).not.toMatch(/heap out of memory/);
    expect(output).toMatch(new RegExp(`mail sync done .*seen=${LARGE_MESSAGES + 2} matched=2 added=2 skipped=${LARGE_MESSAGES}`));
    const peak = peakRssMib(running.pid);
    expect(peak).toBeDefined();
    expect(peak!).toBeLessThan(RSS_BUDGET_MIB);
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);

    const check = new Database(path, { readonly: true });
    const subjects = check
      .prepare("select subject from mail_contacts m join investors i on i.id = m.investor_id where i.is_demo = 0 order by subject")
      .all() as Array<{ subject: string }>;
    const status = JSON.parse(
      (check.prepare("select value from app_state where key = 'mail_sync_status'").get() as { value: string }).value,
    ) as { skipped: number; skipped_messages: Array<{ mailbox: string; uid: number; reason: string }> };
    check.close();
    expect(subjects.map((row) => row.subject)).toEqual(["After", "Before"]);
    expect(status.skipped).toBe(LARGE_MESSAGES);
    // Named by mailbox and UID (the newest 20), never by anything inside them.
    expect(status.skipped_messages).toHaveLength(20);
    for (const entry of status.skipped_messages) {
      expect(entry).toEqual({ mailbox: "INBOX", uid: expect.any(Number), reason: "header_too_large" });
    }
    expect(new Set(status.skipped_messages.map((entry) => entry.uid)).size).toBe(20);
    console.info(`mail sync of ${LARGE_MESSAGES} large-header messages: peak RSS ${peak!.toFixed(0)} MiB (budget ${RSS_BUDGET_MIB})`);
  }, 300_000);
});
