import { describe, expect, it } from "vitest";
import type { MailPairMessage } from "#app/domain/mail-threads.ts";
import { pairCounter, pairStatsAfter } from "#db/queries/mail-pairs.server.ts";
import { createTestDatabase } from "../helpers/database.ts";

function message(id: number, from: string, recipients: string[], thread: string, day: number, fromName = ""): MailPairMessage {
  return {
    messageId: `<m${id}@x>`,
    threadKey: thread,
    from,
    fromName,
    recipients,
    sentAt: `2026-10-${String(day).padStart(2, "0")}T09:00:00.000Z`,
  };
}

describe("pair statistics", () => {
  it("sums a batch per pair and thread, counts each Message-ID once, and groups threads per pair", () => {
    const { db } = createTestDatabase();
    const count = pairCounter(db);
    const lena = "lena@angel.io";
    const jan = "jan@northzone.com";
    const batch = [
      message(1, lena, [jan, "founder@startup.test"], "<t1>", 1, "Lena Berg"),
      message(2, jan, [lena], "<t1>", 2, "Jan"),
      message(3, lena, [jan], "<t1>", 3, "Lena B."),
      message(4, jan, [lena], "<t2>", 12),
    ];
    expect(db.$client.transaction(() => count(batch))()).toBe(4);
    // The same messages again (the Sent copy, a mailbox read from the start): nothing counted.
    expect(db.$client.transaction(() => count([...batch, message(5, lena, [jan], "<t3>", 5)]))()).toBe(1);
    const stats = pairStatsAfter(db, undefined, 10);
    expect(stats).toEqual([
      {
        a: "founder@startup.test",
        b: lena,
        threads: 1,
        twoWayThreads: 0,
        aWrote: 0,
        bWrote: 1,
        firstAt: "2026-10-01T09:00:00.000Z",
        lastAt: "2026-10-01T09:00:00.000Z",
      },
      {
        a: jan,
        b: lena,
        threads: 3,
        twoWayThreads: 1,
        aWrote: 2,
        bWrote: 3,
        firstAt: "2026-10-01T09:00:00.000Z",
        lastAt: "2026-10-12T09:00:00.000Z",
      },
    ]);
    // Keyset paging: the next page after the first pair is the second.
    expect(pairStatsAfter(db, { a: stats[0]!.a, b: stats[0]!.b }, 10).map((pair) => pair.a)).toEqual([jan]);
    // The sender's latest display name is kept.
    expect(db.$client.prepare("select name from mail_senders where address = ?").pluck().get(lena)).toBe("Lena B.");
  });
});
