import { describe, expect, it } from "vitest";
import { EXISTING_FOR_IMPORT_SQL } from "#db/queries/import.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("the saved rows an import could be, as SQLite reads them (decision 064, issue 35's mixed load)", () => {
  it("are searched by the identity and email indexes, never read by scanning the side", () => {
    const { db } = createTestDatabase();
    const insert = db.$client.prepare("insert into investors (name, email, score, is_demo, identity_name) values (?, ?, ?, 0, ?)");
    db.$client.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run(`Ada ${i}`, `ada${i}@fund.example`, i % 100, `ada ${i}`);
    })();
    const plan = (
      db.$client
        .prepare(`explain query plan ${EXISTING_FOR_IMPORT_SQL}`)
        .all({ names: '["ada 1"]', emails: '["ada1@fund.example"]' }) as Array<{
        detail: string;
      }>
    ).map((row) => row.detail);
    const reads = plan.filter((detail) => /\binvestors\b/.test(detail));
    expect(reads).toHaveLength(3);
    for (const read of reads) expect(read).toMatch(/^SEARCH investors USING (?:COVERING )?INDEX investors_(?:identity_name|email) /);
    db.$client.close();
  });
});
