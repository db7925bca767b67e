import { describe, expect, it } from "vitest";
import { buildDemoInvestors } from "#app/domain/demo-data.ts";
import { buildDemoMail } from "#app/domain/demo-mail.ts";
import { repliesWaiting } from "#app/domain/mail-today.ts";

const now = new Date("2026-11-23T09:00:00Z");

describe("the demo's mail", () => {
  it("is the same for the same day, and dated no later than now", () => {
    const investors = buildDemoInvestors(now);
    const mail = buildDemoMail(investors, now);
    expect(buildDemoMail(buildDemoInvestors(now), now)).toEqual(mail);
    for (const item of mail) {
      expect(item.sent_at <= now.toISOString()).toBe(true);
      expect(investors[item.index]?.email).toBeTruthy();
    }
    expect(new Set(mail.map((item) => item.message_id)).size).toBe(mail.length);
  });

  it("has three replies waiting and a few emails to log, on any day", () => {
    for (const offset of [0, 1, 17, 200]) {
      const day = new Date(now.getTime() + offset * 86_400_000 + offset * 3_600_000);
      const investors = buildDemoInvestors(day);
      const mail = buildDemoMail(investors, day);
      const contacts = mail.map((item, id) => ({ id, investor_id: item.index, direction: item.direction, sent_at: item.sent_at }));
      const side = investors.map((investor, id) => ({ ...investor, id }));
      expect(repliesWaiting(side, contacts)).toHaveLength(3);
      const toLog = mail.filter((item) => !item.logged);
      expect(toLog.length).toBeGreaterThanOrEqual(5);
      expect(toLog.length).toBeLessThanOrEqual(8);
      for (const item of mail) expect(item.sent_at <= day.toISOString()).toBe(true);
    }
  });
});
