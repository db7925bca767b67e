import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { describeChangeCounts } from "#app/domain/import/preview.ts";
import { classifyUpdates, commitImport, existingForImport } from "#db/queries/import.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { editInvestor } from "#db/queries/investors.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";

const now = new Date("2026-11-25T12:00:00Z");
const tracker = (...rows: string[]) => ["Investor Name,Firm,Website,Status,Last Contact Date,Notes,Check Size Range", ...rows].join("\n");

function importText(db: ReturnType<typeof createTestDatabase>["db"], text: string) {
  const parsed = parseInvestorCsv(text);
  const plan = planImport(parsed, existingForImport(db, parsed.rows));
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
    expect(again.unchanged).toBe(1);
    expect(describeChangeCounts(again.changeCounts)).toBe("2 change status, 1 gets a new last contact, 1 gets new notes");
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

  it("keeps the status, next step and pass reason the founder set in the app; what they did not touch still follows the file", () => {
    // A founder's walkthrough: re-importing their tracker put soft committed, due diligence and passed back to the file's older statuses.
    const { db } = createTestDatabase();
    const file = [
      "Investor Name,Firm,Status,Last Contact Date,Next Step,Next Step Date",
      "Jonas Berg,Berg Capital,In conversation,2026-11-01,Follow up,2026-11-10",
      "Amira Haddad,Haddad Ventures,Contacted,2026-11-02,Follow up,2026-11-12",
      "Claire Morel,Morel Partners,Contacted,2026-11-03,,",
    ].join("\n");
    importText(db, file);
    const id = (name: string) => db.$client.prepare("select id from investors where name = ?").pluck().get(name) as number;
    editInvestor(
      db,
      id("Jonas Berg"),
      { relationship_status: "soft_committed", amount: 250_000 },
      { actor: TEST_ACTOR, now, rules: DEFAULT_RULES },
    );
    editInvestor(
      db,
      id("Amira Haddad"),
      { relationship_status: "due_diligence", next_step: "Send the data room", next_step_date: "2026-11-27" },
      { actor: TEST_ACTOR, now, rules: DEFAULT_RULES },
    );
    editInvestor(
      db,
      id("Claire Morel"),
      { relationship_status: "passed", pass_reason: "cheque_size" },
      { actor: TEST_ACTOR, now, rules: DEFAULT_RULES },
    );

    // The same tracker again, with one newer fact the app does not own: Claire's last contact.
    const again = importText(
      db,
      file.replace("Claire Morel,Morel Partners,Contacted,2026-11-03", "Claire Morel,Morel Partners,Contacted,2026-11-20"),
    );
    expect(again.keptInApp).toEqual([
      { name: "Jonas Berg", columns: ["relationshipStatus"] },
      { name: "Amira Haddad", columns: ["relationshipStatus", "nextStep", "nextStepDate"] },
      { name: "Claire Morel", columns: ["relationshipStatus"] },
    ]);
    const rows = db.$client
      .prepare(
        "select name, relationship_status, next_step, next_step_date, amount, pass_reason, last_contact_date from investors order by id",
      )
      .all();
    expect(rows).toEqual([
      expect.objectContaining({ name: "Jonas Berg", relationship_status: "soft_committed", amount: 250_000, next_step: "Follow up" }),
      expect.objectContaining({
        name: "Amira Haddad",
        relationship_status: "due_diligence",
        next_step: "Send the data room",
        next_step_date: "2026-11-27",
      }),
      expect.objectContaining({
        name: "Claire Morel",
        relationship_status: "passed",
        pass_reason: "cheque_size",
        last_contact_date: "2026-11-20",
      }),
    ]);
    // What the founder never set in the app still follows a newer file.
    importText(
      db,
      file.replace(
        "Jonas Berg,Berg Capital,In conversation,2026-11-01,Follow up,2026-11-10",
        "Jonas Berg,Berg Capital,In conversation,2026-11-01,Call back,2026-11-30",
      ),
    );
    expect(db.$client.prepare("select next_step from investors where name = 'Jonas Berg'").pluck().get()).toBe("Call back");
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

describe("a new row with a last contact and no status", () => {
  it("is imported as contacted, never 'not contacted' (Email first's list), while a status given is kept", () => {
    const { db } = createTestDatabase();
    importText(
      db,
      ["Investor Name,Status,Last Contact Date", "Kaja Fossum,,2026-11-14", "Lars Bakke,Not contacted,2026-11-20", "Nina Aas,,"].join("\n"),
    );
    const status = (name: string) => db.$client.prepare("select relationship_status from investors where name = ?").pluck().get(name);
    expect(status("Kaja Fossum")).toBe("contacted");
    expect(status("Lars Bakke")).toBe("not_contacted");
    expect(status("Nina Aas")).toBe("not_contacted");
  });
});
