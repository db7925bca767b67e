import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { memberActor } from "#app/domain/people.ts";
import { restoreExportFile } from "#app/restore-export.server.ts";
import { exportStream } from "#app/services/export.server.ts";
import { commitImportInChunks } from "#app/services/import-commit.server.ts";
import { moveIntro } from "#app/services/intro-paths.server.ts";
import { openDatabase } from "#db/database.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { introPathsOf } from "#db/queries/intros.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const NOW = new Date("2026-12-02T09:00:00Z");
const SHEET = ["Name,Firm,Intro via", 'Kristin Lund,Fjord Climate,"Erik Solberg <erik@angels.no>, Lena Berg"', "Jan Holm,Northzone,"].join(
  "\n",
);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

async function seeded() {
  const { db } = createTestDatabase();
  const owner = ensureOwner(db, NOW);
  db.$client.prepare("update members set name = 'Maren' where id = ?").run(owner.id);
  const maren = memberActor({ ...owner, name: "Maren" });
  const app = fakeApp(db, NOW);
  const parsed = parseInvestorCsv(SHEET);
  await commitImportInChunks(app, maren, () => planImport(parsed, existingForImport(db, parsed.rows)), "sheet.csv");
  const kristin = db.$client.prepare("select id from investors where name = 'Kristin Lund' and is_demo = 0").pluck().get() as number;
  const erik = introPathsOf(db, [kristin]).get(kristin)![0]!;
  moveIntro(app, maren, erik.id, false, { state: "asked" });
  return { db, app, kristin };
}

describe("warm intros in the exports and the restore", () => {
  it("writes people with their addresses and every path with its state, dates and who, in /export.json", async () => {
    const { app } = await seeded();
    const exported = JSON.parse(await readAll(exportStream(app, "json")));
    expect(exported.people.map((p: { name: string; emails: string[] }) => [p.name, p.emails])).toEqual([
      ["Erik Solberg", ["erik@angels.no"]],
      ["Lena Berg", []],
    ]);
    const memberId = exported.members[0].id;
    expect(exported.intro_paths).toHaveLength(2);
    expect(exported.intro_paths[0]).toMatchObject({
      person_id: exported.people[0].id,
      member_id: memberId,
      source: "import",
      state: "asked",
      asked_on: "2026-12-02",
      state_by_member_id: memberId,
    });
  });

  it("gives /export.csv an Intro via column the import reads back as the same people", async () => {
    const { app } = await seeded();
    const csv = await readAll(exportStream(app, "csv"));
    const read = parseInvestorCsv(csv.replace(/^\uFEFF/, ""));
    const kristin = read.rows.find((row) => row.profile.name === "Kristin Lund");
    expect(kristin?.intro_via?.map((person) => person.name)).toEqual(["Erik Solberg", "Lena Berg"]);
    expect(read.rows.find((row) => row.profile.name === "Jan Holm")?.intro_via).toBeUndefined();
  });

  it("restores people and paths into an empty instance, with new ids and the state kept", async () => {
    const { app } = await seeded();
    const dir = mkdtempSync(join(tmpdir(), "ipi-intro-restore-"));
    try {
      const file = join(dir, "export.json");
      writeFileSync(file, await readAll(exportStream(app, "json")));
      const target = join(dir, "restored.db");
      const counts = restoreExportFile(file, target, NOW);
      expect(counts).toMatchObject({ investors: 2, people: 2, intro_paths: 2 });
      const db = openDatabase(target);
      try {
        const kristin = db.$client.prepare("select id from investors where name = 'Kristin Lund'").pluck().get() as number;
        const paths = introPathsOf(db, [kristin]).get(kristin)!;
        expect(
          paths.map((path) => [path.person?.name, path.person?.emails, path.member?.name, path.state, path.asked_on, path.state_by]),
        ).toEqual([
          ["Erik Solberg", ["erik@angels.no"], "Maren", "asked", "2026-12-02", "Maren"],
          ["Lena Berg", [], "Maren", "to_ask", null, null],
        ]);
      } finally {
        db.$client.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("restores a hostile or edited file's people as the app keeps them, and refuses what it never writes in words, not a constraint's", async () => {
    const { app } = await seeded();
    const file = JSON.parse(await readAll(exportStream(app, "json")));
    const dir = mkdtempSync(join(tmpdir(), "ipi-intro-hostile-"));
    const restore = (edit: (copy: typeof file) => void) => {
      const copy = structuredClone(file);
      edit(copy);
      const path = join(dir, `${Math.random()}.json`);
      writeFileSync(path, JSON.stringify(copy));
      return () => restoreExportFile(path, join(dir, `${Math.random()}.db`), NOW);
    };
    try {
      const target = join(dir, "cleaned.json");
      const copy = structuredClone(file);
      copy.people[0].name = "\u202EErik\u200B Solberg";
      copy.people[0].emails = [" ERIK@Angels.NO "];
      writeFileSync(target, JSON.stringify(copy));
      restoreExportFile(target, join(dir, "cleaned.db"), NOW);
      const db = openDatabase(join(dir, "cleaned.db"));
      try {
        expect(db.$client.prepare("select name from people order by id").pluck().all()).toEqual(["Erik Solberg", "Lena Berg"]);
        expect(db.$client.prepare("select address from person_addresses").pluck().all()).toEqual(["erik@angels.no"]);
      } finally {
        db.$client.close();
      }
      expect(restore((f) => (f.people[1].name = "ERIK SOLBERG"))).toThrow(/are the same person \(ERIK SOLBERG\)/);
      expect(restore((f) => f.intro_paths.push({ ...f.intro_paths[0], id: 999 }))).toThrow(/intro path 999 is in the file twice/);
      expect(restore((f) => (f.people[0].name = "\u200B\u202E"))).toThrow(/has no name/);
      expect(restore((f) => (f.intro_paths[0].asked_on = "garbage"))).toThrow(/asked_on/);
      expect(restore((f) => (f.intro_paths[0].evidence = "x".repeat(100_000)))).toThrow(/evidence/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
