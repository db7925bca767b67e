import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { memberActor, replayUserOwned, userOwnedOf, USER_OWNED_COLUMNS } from "#app/domain/people.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { commitImportInChunks } from "#app/services/import-commit.server.ts";
import { setRoundAndAsk } from "#app/services/round.server.ts";
import { editRubric, removeStartup } from "#app/services/startups.server.ts";
import { activityAfter, investorActivity } from "#db/queries/activity.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { createInvestor, editInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { finishStep } from "#db/queries/refresh.server.ts";
import { createStartup } from "#db/queries/startups.server.ts";
import { evidence, investors, runs } from "#db/schema.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-12-02T09:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const app = fakeApp(db, now);
  const maren = memberActor(ensureOwner(db, now));
  const jonasId = Number(
    db.$client.prepare("insert into members (name, role, created_at) values ('Jonas', 'member', ?)").run(now.toISOString()).lastInsertRowid,
  );
  const jonas = memberActor({ id: jonasId, name: "Jonas", role: "member" });
  const userOwned = (id: number) =>
    userOwnedOf(
      db
        .select()
        .from(investors)
        .all()
        .find((row) => row.id === id)!,
    );
  return { db, app, maren, jonas, jonasId, userOwned };
}

describe("every other write of founder data has an author (decision 061)", () => {
  it("records a new investor as created by its member, with the user-owned values it starts with", () => {
    const { db, jonas, jonasId, userOwned } = setUp();
    const id = createInvestor(
      db,
      { name: "Fjord Climate", kind: "fund", sectors: [], stages: [], geographies: [] },
      { now, rules: DEFAULT_RULES, actor: jonas, userOwned: { relationshipStatus: "contacted", personalNotes: "Met at Slush" } },
    );
    const [created] = investorActivity(db, id);
    expect(created).toMatchObject({ kind: "created", actorMemberId: jonasId, subject: "Fjord Climate", isDemo: false });
    expect(Object.keys(created!.detail.to as object).sort()).toEqual([...USER_OWNED_COLUMNS].sort());
    expect(replayUserOwned({}, [created!])).toEqual(userOwned(id));
  });

  it("records an import as ONE entry with its file, counts and the values it wrote per investor, however many chunks", async () => {
    const { db, app, maren, jonas, userOwned } = setUp();
    const existing = createInvestor(
      db,
      { name: "Existing Fund", kind: "fund", sectors: [], stages: [], geographies: [] },
      { now, rules: DEFAULT_RULES, actor: maren },
    );
    db.update(investors).set({ email: "existing@example.com" }).run();
    const rows = Array.from({ length: 120 }, (_, i) => `Imported ${i},imported${i}@example.com,Contacted,2026-11-0${(i % 9) + 1}`);
    const csv = ["name,email,status,last contact", "Existing Fund,existing@example.com,Meeting,2026-11-20", ",,,", ...rows].join("\n");
    const before = activityAfter(db, 0, 1000).length;
    const parsed = parseInvestorCsv(csv);
    const done = await commitImportInChunks(app, jonas, () => planImport(parsed, existingForImport(db, parsed.rows)), "maren.csv");
    expect(done).toEqual({ created: 120, updated: 1, introPaths: 0, introPeople: 0 });
    const added = activityAfter(db, 0, 1000).slice(before);
    expect(added).toHaveLength(1);
    const [entry] = added;
    expect(entry).toMatchObject({
      kind: "imported",
      investorId: null,
      subject: "maren.csv",
      actorMemberId: jonas.kind === "member" ? jonas.memberId : 0,
    });
    expect(entry!.detail).toMatchObject({ file: "maren.csv", added: 120, updated: 1 });
    // The existing investor's replay: its creation, then what the import wrote.
    const replayed = replayUserOwned({}, [...investorActivity(db, existing).reverse(), entry!], existing);
    expect(replayed).toEqual(userOwned(existing));
    expect(replayed.relationshipStatus).toBe("meeting_scheduled");
    const imported = Number(db.$client.prepare("select id from investors where name = 'Imported 7'").pluck().get());
    expect(investorActivity(db, imported)).toEqual([]);
    // Only the values it set are carried (a replay starts from nothing: the rest are null).
    const carried = replayUserOwned({}, [entry!], imported);
    expect(Object.fromEntries(USER_OWNED_COLUMNS.map((column) => [column, carried[column] ?? null]))).toEqual(userOwned(imported));
    expect(Object.keys(carried).sort()).toEqual(["lastContactDate", "relationshipStatus"]);
  });

  it("records round and rubric edits about the startup, by the member who made them", async () => {
    const { db, app, jonas, jonasId } = setUp();
    const input = { name: "Payly", pitch: "x", sector: "fintech", stage: "seed" as const, geography: "Europe" };
    const startup = createStartup(db, input, defaultRubric(input), "default", now);
    await setRoundAndAsk(app, jonas, { startup_id: startup.id, target: 1_500_000, currency: "EUR" });
    await editRubric(app, jonas, startup.id, { ...defaultRubric(input), sector_keywords: ["payments"] });
    const rows = activityAfter(db, 0, 100).filter((row) => row.kind === "round" || row.kind === "rubric");
    // The round's target moved the rubric's cheque range (decision 029): that version is Jonas's too.
    expect(rows.map((row) => [row.kind, row.subject, row.actorMemberId])).toEqual([
      ["round", "Payly", jonasId],
      ["rubric", "Payly", jonasId],
      ["rubric", "Payly", jonasId],
    ]);
    expect(rows[0]!.detail).toMatchObject({ startup_id: startup.id, fields: expect.arrayContaining(["round_size"]) });
  });

  it("records, when a startup goes, each amount that was for its round, so the replay still holds", async () => {
    const { db, app, maren, jonas, userOwned } = setUp();
    const input = { name: "Payly", pitch: "x", sector: "fintech", stage: "seed" as const, geography: "Europe" };
    const startup = createStartup(db, input, defaultRubric(input), "default", now);
    const id = createInvestor(
      db,
      { name: "Fjord Climate", kind: "fund", sectors: [], stages: [], geographies: [] },
      { now, rules: DEFAULT_RULES, actor: maren },
    );
    editInvestor(
      db,
      id,
      { amount: 250_000, amount_currency: "EUR", amount_startup_id: startup.id },
      { now, rules: DEFAULT_RULES, actor: maren },
    );
    expect(await removeStartup(app, jonas, startup.id)).toBe(true);
    const [last] = investorActivity(db, id);
    expect(last).toMatchObject({ kind: "amount", actorMemberId: jonas.kind === "member" ? jonas.memberId : 0 });
    expect(userOwned(id).amountStartupId).toBeNull();
    expect(replayUserOwned({}, investorActivity(db, id).reverse(), id)).toEqual(userOwned(id));
  });

  it("records what a refresh found, once per investor, by the refresh, and writes no user-owned column", () => {
    const { db, maren, userOwned } = setUp();
    const id = createInvestor(
      db,
      { name: "Fjord Climate", kind: "fund", sectors: [], stages: [], geographies: [] },
      { now, rules: DEFAULT_RULES, actor: maren },
    );
    editInvestor(db, id, { relationship_status: "meeting_scheduled", personal_notes: "Warm" }, { now, rules: DEFAULT_RULES, actor: maren });
    const owned = userOwned(id);
    const page = (title: string) =>
      db
        .insert(evidence)
        .values({
          investorId: id,
          source: "news",
          url: `https://example.com/${title}`,
          title,
          excerpt: title,
          contentHash: title,
          foundAt: now.toISOString(),
        })
        .returning({ id: evidence.id })
        .get().id;
    const weak = page("weak");
    const strong = page("strong");
    const noise = page("noise");
    db.insert(runs).values({ runId: "r1", trigger: "manual", status: "running", leaseOwner: "me" }).run();
    finishStep(db, {
      runId: "r1",
      cursor: 0,
      items: [
        {
          investorId: id,
          judgements: [
            { evidenceId: weak, category: "thesis_or_content", relevance: 0.6, summary: "wrote about grid storage" },
            { evidenceId: strong, category: "deal", relevance: 0.9, summary: "led a €4M seed in Oslo" },
            { evidenceId: noise, category: "irrelevant", relevance: 1, summary: "a namesake" },
          ],
          signals: {
            signalActivity: 80,
            signalFit: null,
            signalHook: null,
            signalHookEvidenceId: null,
            signalRedFlag: null,
            signalsCheckedAt: now.toISOString(),
          },
        },
      ],
      now,
      rules: DEFAULT_RULES,
      leaseOwner: "me",
      leaseMs: 60_000,
      llmCalls: 1,
      errors: [],
      degraded: false,
    });
    const found = investorActivity(db, id).filter((row) => row.kind === "refresh_found");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ actorSystem: "refresh", actorMemberId: null, subject: "Fjord Climate" });
    expect(found[0]!.detail).toMatchObject({ summary: "led a €4M seed in Oslo", evidence_id: strong });
    expect(userOwned(id)).toEqual(owned);
  });
});
