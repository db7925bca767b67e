import { describe, expect, it } from "vitest";
import { readDraftStartup } from "#db/queries/founder-settings.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("the startup drafts speak for (decision 030)", () => {
  it("is the one raising now, else the first added, on its own side", () => {
    const { db } = createTestDatabase();
    try {
      expect(readDraftStartup(db, false)).toBeNull();
      const insert = db.$client.prepare(
        "insert into startups (name, pitch, sector, stage, round_size, round_currency, role_wanted, raising_now, is_demo) values (?, ?, 'fintech', 'seed', ?, ?, ?, ?, ?)",
      );
      insert.run("Demo Co", "A demo", 1_000_000, null, "lead", 1, 1);
      insert.run("Ledgerly", "Bookkeeping in a day", 1_500_000, "USD", "lead", 0, 0);
      insert.run("Radium Labs", "Batteries", 4_000_000, "EUR", null, 0, 0);
      expect(readDraftStartup(db, false)).toEqual({
        name: "Ledgerly",
        pitch: "Bookkeeping in a day",
        stage: "seed",
        roleWanted: "lead",
        roundSize: 1_500_000,
        roundCurrency: "USD",
        // The closing draft's instrument and close-by date (decision 053): none set here.
        instrument: null,
        closeBy: null,
      });
      db.$client.prepare("update startups set raising_now = 1 where name = 'Radium Labs'").run();
      expect(readDraftStartup(db, false)?.name).toBe("Radium Labs");
      expect(readDraftStartup(db, true)?.name).toBe("Demo Co");
    } finally {
      db.$client.close();
    }
  });
});
