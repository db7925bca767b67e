import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { memberActor } from "#app/domain/people.ts";
import { commitImportInChunks } from "#app/services/import-commit.server.ts";
import { readState } from "#db/queries/app-state.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { INTRO_NOTES_READ, readIntroNotesOnce } from "#db/queries/intro-import.server.ts";
import { introPathsOf } from "#db/queries/intros.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-12-02T09:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const owner = ensureOwner(db, now);
  db.$client.prepare("update members set name = 'Maren' where id = ?").run(owner.id);
  const app = fakeApp(db, now);
  return { db, app, maren: memberActor({ ...owner, name: "Maren" }), marenId: owner.id };
}

const SHEET = [
  "Name,Firm,Intro via,Notes",
  'Kristin Lund,Fjord Climate,"Erik Solberg <erik@angels.no>, Lena Berg",Met at Slush',
  "Jan Holm,Northzone,Erik Solberg (ex-colleague),",
  "Ida Berg,Nord Ventures,,",
].join("\n");

function importSheet(app: ReturnType<typeof fakeApp>, actor: ReturnType<typeof memberActor>, csv = SHEET) {
  const parsed = parseInvestorCsv(csv);
  return commitImportInChunks(app, actor, () => planImport(parsed, existingForImport(app.db, parsed.rows)), "sheet.csv");
}

describe("the import's Intro via column", () => {
  it("makes people and import paths known by the importing member, counted in the one activity entry, never a line of the notes", async () => {
    const { db, app, maren, marenId } = setUp();
    const written = await importSheet(app, maren);
    expect(written).toMatchObject({ created: 3, introPaths: 3, introPeople: 2 });
    const ids = db.$client.prepare("select id, name, personal_notes from investors where is_demo = 0 order by id").all() as Array<{
      id: number;
      name: string;
      personal_notes: string | null;
    }>;
    expect(ids.map((row) => row.personal_notes)).toEqual(["Met at Slush", null, null]);
    const paths = introPathsOf(
      db,
      ids.map((row) => row.id),
    );
    const kristin = paths.get(ids[0]!.id)!;
    expect(kristin.map((path) => [path.person?.name, path.person?.emails, path.member?.name, path.source, path.state])).toEqual([
      ["Erik Solberg", ["erik@angels.no"], "Maren", "import", "to_ask"],
      ["Lena Berg", [], "Maren", "import", "to_ask"],
    ]);
    expect(paths.get(ids[1]!.id)?.[0]).toMatchObject({ evidence: "Erik Solberg (ex-colleague)", member: { id: marenId } });
    expect(paths.has(ids[2]!.id)).toBe(false);
    const entries = db.$client.prepare("select kind, detail from activity where kind in ('imported', 'intro_path')").all() as Array<{
      kind: string;
      detail: string;
    }>;
    expect(entries.map((entry) => entry.kind)).toEqual(["imported"]);
    expect(JSON.parse(entries[0]!.detail)).toMatchObject({ intro_paths: 3, intro_people: 2 });
  });

  it("adds nothing the second time, and keeps the state a member moved an intro to", async () => {
    const { db, app, maren } = setUp();
    await importSheet(app, maren);
    db.$client.prepare("update intro_paths set state = 'asked', asked_on = '2026-12-01'").run();
    const again = await importSheet(app, maren);
    expect(again).toMatchObject({ introPaths: 0, introPeople: 0 });
    expect(db.$client.prepare("select count(*) from intro_paths").pluck().get()).toBe(3);
    expect(db.$client.prepare("select count(*) from people").pluck().get()).toBe(2);
    expect(db.$client.prepare("select distinct state from intro_paths").pluck().all()).toEqual(["asked"]);
  });

  it("takes the sheet's 'Intro requested' as the first person's intro asked, since the last contact (a walkthrough got 'To ask' and a fresh ask draft)", async () => {
    const { db, app, maren } = setUp();
    const sheet = [
      "Name,Firm,Status,Last contact,Intro via",
      'Kari Nordmann,Fjord Climate,Intro requested,2026-11-24,"Erik Solberg, Lena Berg"',
      "Sam Holm,Northzone,Intro requested,,Sven Dahl",
      "Ida Berg,Nord Ventures,Not contacted,,Erik Solberg",
    ].join("\n");
    await importSheet(app, maren, sheet);
    const rows = db.$client
      .prepare(
        "select i.name as investor, pe.name as person, p.state, p.asked_on from intro_paths p join investors i on i.id = p.investor_id join people pe on pe.id = p.person_id order by p.id",
      )
      .all();
    expect(rows).toEqual([
      { investor: "Kari Nordmann", person: "Erik Solberg", state: "asked", asked_on: "2026-11-24" },
      { investor: "Kari Nordmann", person: "Lena Berg", state: "to_ask", asked_on: null },
      { investor: "Sam Holm", person: "Sven Dahl", state: "asked", asked_on: "2026-12-02" },
      { investor: "Ida Berg", person: "Erik Solberg", state: "to_ask", asked_on: null },
    ]);
  });

  it("runs the path through the member the sheet's Owner names", async () => {
    const { db, app, maren } = setUp();
    const jonas = db.$client.prepare("insert into members (name, role) values ('Jonas', 'member') returning id").pluck().get() as number;
    const parsed = parseInvestorCsv(["Name,Owner,Referred by", "Kristin Lund,Jonas,Erik Solberg"].join("\n"));
    const { assignOwners } = await import("#app/domain/import/owners.ts");
    await commitImportInChunks(
      app,
      maren,
      () => assignOwners(planImport(parsed, existingForImport(db, parsed.rows)), [{ id: jonas, name: "Jonas" }]).plan,
    );
    expect(db.$client.prepare("select member_id from intro_paths").pluck().get()).toBe(jonas);
    expect(db.$client.prepare("select known_by_member_id from people").pluck().get()).toBe(jonas);
  });
});

describe("an older import's notes lines", () => {
  it("become paths once at start; the notes stay as the founder has them", () => {
    const { db, marenId } = setUp();
    db.$client
      .prepare("insert into investors (name, kind, personal_notes, owner_member_id) values ('Kristin Lund', 'fund', ?, ?)")
      .run("Met at Slush\nIntro path: Erik Solberg (ex-colleague), Lena Berg", marenId);
    db.$client.prepare("insert into investors (name, kind, personal_notes) values ('Jan Holm', 'fund', 'Intro path: Erik Solberg')").run();
    expect(readIntroNotesOnce(db, now)).toBe(3);
    expect(readState(db, INTRO_NOTES_READ)).toBe(now.toISOString());
    const rows = db.$client
      .prepare("select p.name, i.member_id from intro_paths i join people p on p.id = i.person_id order by i.id")
      .all();
    expect(rows).toEqual([
      { name: "Erik Solberg", member_id: marenId },
      { name: "Lena Berg", member_id: marenId },
      { name: "Erik Solberg", member_id: null },
    ]);
    expect(db.$client.prepare("select personal_notes from investors where name = 'Kristin Lund'").pluck().get()).toContain("Intro path:");
    // Once: a path removed since is not made again at the next start.
    db.$client.prepare("delete from intro_paths").run();
    expect(readIntroNotesOnce(db, now)).toBe(0);
    expect(db.$client.prepare("select count(*) from intro_paths").pluck().get()).toBe(0);
  });
});
