import { describe, expect, it } from "vitest";
import { openDatabase } from "#db/database.server.ts";
import { investorsByIds, searchIndexWholeReads, searchInvestorRows } from "#db/queries/investor-search.server.ts";
import { indexItems, searchItems } from "#app/domain/palette-search.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const PEOPLE: Array<[string, string | null, number]> = [
  ["Ada Lovelace", "Analytical Ventures", 80],
  ["Adam Smith", "Wealth of Nations", 70],
  ["Zoë Ångström", "Nordic Seed", 65],
  ["Łukasz Nowak", null, 60],
  ["Lukasz Kowalski", "Vistula Capital", 60],
  ["Grace Hopper", "Cobol Partners", 90],
  ["Hopper Fund Scout", "Ada Capital", 40],
  ["Søren Kierkegaard", "Either Or", 55],
  ["Björn Borg", "Tennis AB", 50],
  ["Marie Curie", "Radium & Co", 85],
  ["Maria Adams", "Curie Angels", 75],
  ["Ḱnut Strange", "Ĳssel Holding", 30],
  ["Tab\tName", "Odd Firm", 20],
];

function seeded() {
  const { db } = createTestDatabase();
  const insert = db.$client.prepare("insert into investors (name, firm, score, is_demo) values (?, ?, ?, ?)");
  for (const [name, firm, score] of PEOPLE) insert.run(name, firm, score, 0);
  insert.run("Ada Demo", "Demo Fund", 99, 1);
  return db;
}

describe("searching investors a page at a time (decision 066)", () => {
  it("ranks as the palette's own ranking does, accents and all, on one side only", () => {
    const db = seeded();
    const everyone = db.$client
      .prepare("select id, name, firm, score, action from investors where is_demo = 0 order by score desc, id")
      .all() as Array<{ id: number; name: string; firm: string | null; score: number; action: string }>;
    const index = indexItems(everyone.map((row) => ({ ...row, href: `/investors/${row.id}` })));
    const queries = [
      "",
      "ada",
      "ADA",
      "a",
      "lukasz",
      "Łukasz",
      "zoe ang",
      "ångström",
      "hopper",
      "curie",
      "mar cur",
      "soren",
      "bjorn",
      "knut",
      "ijssel",
      "capital ada",
      "name",
      "nobody",
      "  grace  ",
    ];
    for (const query of queries) {
      const ours = searchInvestorRows(db, false, query, 5);
      expect(
        ours.map((hit) => hit.id),
        query,
      ).toEqual(searchItems(index, query, 5).map((item) => item.id));
    }
    // The demo's rows are never among the founder's, and the reverse.
    expect(searchInvestorRows(db, false, "demo", 5)).toEqual([]);
    expect(searchInvestorRows(db, true, "ada", 5).map((hit) => [hit.name, hit.href.startsWith("/demo/investors/")])).toEqual([
      ["Ada Demo", true],
    ]);
    db.$client.close();
  });

  it("answers at most the limit, whatever the pipeline holds", () => {
    const db = seeded();
    const insert = db.$client.prepare("insert into investors (name, firm, score, is_demo) values (?, ?, ?, 0)");
    db.$client.transaction(() => {
      for (let i = 0; i < 3_000; i++) insert.run(`Anna ${i}`, `Fund ${i}`, i % 100);
    })();
    expect(searchInvestorRows(db, false, "a", 20)).toHaveLength(20);
    expect(searchInvestorRows(db, false, "", 20)).toHaveLength(20);
    expect(searchInvestorRows(db, false, "anna 1", 50)).toHaveLength(50);
    db.$client.close();
  });

  it("follows this connection's writes without reading the side again, and another connection's by reading it again", () => {
    const db = seeded();
    const names = (query: string) => searchInvestorRows(db, false, query, 5).map((hit) => hit.name);
    expect(names("lovelace")).toEqual(["Ada Lovelace"]);
    const reads = searchIndexWholeReads(db);
    db.$client.prepare("update investors set name = 'Ada King' where name = 'Ada Lovelace'").run();
    db.$client.prepare("insert into investors (name, firm, score, is_demo) values ('Émile Zola', 'Accuse Ventures', 10, 0)").run();
    db.$client.prepare("delete from investors where name = 'Grace Hopper'").run();
    db.$client.prepare("update investors set score = 1 where name = 'Adam Smith'").run();
    expect(names("lovelace")).toEqual([]);
    expect(names("ada k")).toEqual(["Ada King"]);
    expect(names("emile")).toEqual(["Émile Zola"]);
    expect(names("hopper")).toEqual(["Hopper Fund Scout"]);
    expect(searchInvestorRows(db, false, "adam smith", 5)[0]?.score).toBe(1);
    expect(searchIndexWholeReads(db)).toBe(reads);
    // Another connection's commit: this one cannot know which rows, so it reads the side again.
    const other = openDatabase(db.$client.name);
    other.$client.prepare("update investors set name = 'Grace Brewster' where name = 'Hopper Fund Scout'").run();
    other.$client.close();
    expect(names("hopper")).toEqual([]);
    expect(names("brewster")).toEqual(["Grace Brewster"]);
    expect(searchIndexWholeReads(db)).toBe(reads + 1);
    db.$client.close();
  });

  it("reads names for the ids asked, in their order, on the side asked, at most the limit", () => {
    const db = seeded();
    const ids = (db.$client.prepare("select id from investors order by id").all() as Array<{ id: number }>).map((row) => row.id);
    const demoId = ids[ids.length - 1] ?? 0;
    expect(investorsByIds(db, false, [ids[2] ?? 0, ids[0] ?? 0, demoId, 999_999], 10).map((hit) => hit.name)).toEqual([
      "Zoë Ångström",
      "Ada Lovelace",
    ]);
    expect(investorsByIds(db, false, ids, 3)).toHaveLength(3);
    expect(investorsByIds(db, true, [demoId], 10).map((hit) => hit.href)).toEqual([`/demo/investors/${demoId}`]);
    db.$client.close();
  });
});
