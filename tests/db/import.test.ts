import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { describeChanges } from "#app/domain/import/preview.ts";
import { classifyUpdates, commitImport, existingForImport } from "#db/queries/import.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-11-25T12:00:00Z");
const tracker = (...rows: string[]) => ["Investor Name,Firm,Website,Status,Last Contact Date,Notes,Check Size Range", ...rows].join("\n");

function importText(db: ReturnType<typeof createTestDatabase>["db"], text: string) {
  const plan = planImport(parseInvestorCsv(text), existingForImport(db));
  const classified = classifyUpdates(db, plan);
  commitImport(db, plan, now);
  return { plan, ...classified };
}

function saved(db: ReturnType<typeof createTestDatabase>["db"]) {
  return db.$client
    .prepare(
      "select name, relationship_status, last_contact_date, personal_notes, check_min, check_max, check_currency, website from investors where is_demo = 0 order by id",
    )
    .all();
}

describe("re-importing a tracker", () => {
  it("updates status, last contact and the notes an import wrote, and says what changes", () => {
    const { db } = createTestDatabase();
    importText(
      db,
      tracker(
        "Mara Quill,Quill,quill.example,Intro Requested,2026-07-01,Warm intro,€250k-€1M",
        "Otto Fenn,Fenn,fenn.example,Contacted,2026-07-02,,",
        "Rita Vale,Vale,,First Meeting,2026-07-03,,",
      ),
    );
    const again = importText(
      db,
      tracker(
        "Mara Quill,Quill,quill.example,First Meeting,2026-07-10,Met twice,€250k-€1M",
        "Otto Fenn,Fenn,fenn.example,Passed,2026-07-02,,",
        "Rita Vale,Vale,,First Meeting,2026-07-03,,",
      ),
    );
    expect(again.unchanged).toHaveLength(1);
    expect(describeChanges(again.changed)).toBe("2 change status, 1 gets a new last contact, 1 gets new notes");
    expect(saved(db)).toEqual([
      expect.objectContaining({
        name: "Mara Quill",
        relationship_status: "in_conversation",
        last_contact_date: "2026-07-10",
        personal_notes: "Met twice",
        check_min: 250_000,
        check_max: 1_000_000,
        check_currency: "EUR",
      }),
      expect.objectContaining({ name: "Otto Fenn", relationship_status: "passed" }),
      expect.objectContaining({ name: "Rita Vale", relationship_status: "in_conversation" }),
    ]);
  });

  it("keeps notes written in the app, and never blanks a field the file leaves empty", () => {
    const { db } = createTestDatabase();
    importText(db, tracker("Mara Quill,Quill,quill.example,Contacted,2026-07-01,From the file,$1M"));
    db.$client.prepare("update investors set personal_notes = 'Mine' where name = 'Mara Quill'").run();
    const again = importText(db, tracker("Mara Quill,,,,,Newer file notes,"));
    expect(again.changed).toEqual([]);
    expect(saved(db)).toEqual([
      expect.objectContaining({
        personal_notes: "Mine",
        relationship_status: "contacted",
        last_contact_date: "2026-07-01",
        website: "https://quill.example",
        check_min: 1_000_000,
        check_currency: "USD",
      }),
    ]);
  });

  it("writes an amount with its currency: a bare amount after a euro range is no longer euros", () => {
    const { db } = createTestDatabase();
    importText(db, tracker("Mara Quill,Quill,quill.example,,,,€250k-€1M"));
    importText(db, tracker("Mara Quill,Quill,quill.example,,,,300-900k"));
    expect(saved(db)).toEqual([expect.objectContaining({ check_min: 300_000, check_max: 900_000, check_currency: null })]);
  });

  it("imports a file twice without changing anything the second time", () => {
    const { db } = createTestDatabase();
    const text = tracker("Mara Quill,Quill,quill.example,Contacted,2026-07-01,Notes,$1M");
    importText(db, text);
    const again = importText(db, text);
    expect(again.plan.create).toEqual([]);
    expect(again.changed).toEqual([]);
  });
});
