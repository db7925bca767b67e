import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { App } from "#app/app-context.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";
import { type Actor, USER_OWNED_COLUMNS, memberActor, replayUserOwned, userOwnedOf } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { moveOnBoard } from "#app/services/board.server.ts";
import { commitImportInChunks } from "#app/services/import-commit.server.ts";
import { deleteRealInvestor, mergeRealInvestors } from "#app/services/investor-profile.server.ts";
import { recordEmailed, undoAction } from "#app/services/undo.server.ts";
import { activityAfter } from "#db/queries/activity.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { createInvestor, editInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { investors } from "#db/schema.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/**
 * The activity is complete (issue 36, decision 061): whatever two members do — add, edit, move on
 * the board, press Emailed, undo, import, merge, delete — replaying each investor's activity from
 * its creation gives the user-owned columns the database holds. An imported investor has no entry
 * of its own: the import's one entry carries the values it wrote for it, and the replay applies them.
 */

type Op =
  | { op: "create"; who: number; name: number; status: number; notes: string | null }
  | { op: "edit"; who: number; target: number; status?: number; notes?: string | null; step?: string | null; amount?: number | null }
  | { op: "contact"; who: number; target: number; day: number }
  | { op: "move"; who: number; target: number; status: number }
  | { op: "emailed"; who: number; target: number }
  | { op: "undo"; who: number }
  | { op: "import"; who: number; rows: { name: number; status: number; notes: string; day: number }[] }
  | { op: "merge"; who: number; target: number; other: number }
  | { op: "delete"; who: number; target: number };

const who = fc.integer({ min: 0, max: 1 });
const target = fc.nat(30);
const status = fc.nat(RELATIONSHIP_STATUSES.length - 1);
const notes = fc.option(fc.constantFrom("Warm intro", "Met at Slush", "Wants a deck", ""), { nil: null });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("create" as const), who, name: fc.nat(12), status, notes }),
  fc.record(
    {
      op: fc.constant("edit" as const),
      who,
      target,
      status,
      notes,
      step: fc.option(fc.constantFrom("Send the deck", "Call back"), { nil: null }),
      amount: fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null }),
    },
    { requiredKeys: ["op", "who", "target"] },
  ),
  fc.record({ op: fc.constant("contact" as const), who, target, day: fc.integer({ min: 1, max: 28 }) }),
  fc.record({ op: fc.constant("move" as const), who, target, status }),
  fc.record({ op: fc.constant("emailed" as const), who, target }),
  fc.record({ op: fc.constant("undo" as const), who }),
  fc.record({
    op: fc.constant("import" as const),
    who,
    rows: fc.array(
      fc.record({
        name: fc.nat(12),
        status,
        notes: fc.constantFrom("From the sheet", "Intro via Ola", ""),
        day: fc.integer({ min: 1, max: 28 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({ op: fc.constant("merge" as const), who, target, other: target }),
  fc.record({ op: fc.constant("delete" as const), who, target }),
);

const STATUS_WORDS: Record<string, string> = { not_contacted: "Not contacted", contacted: "Contacted", passed: "Passed" };

async function run(app: App, team: Actor[], ops: Op[]): Promise<void> {
  const ids = () =>
    app.db
      .select({ id: investors.id })
      .from(investors)
      .all()
      .map((row) => row.id);
  const pick = (n: number) => {
    const all = ids();
    return all.length === 0 ? undefined : all[n % all.length];
  };
  const undos: string[] = [];
  for (const op of ops) {
    const actor = team[op.who]!;
    const now = app.now();
    switch (op.op) {
      case "create":
        createInvestor(
          app.db,
          { name: `Fund ${op.name}`, kind: "fund", sectors: [], stages: [], geographies: [] },
          {
            now,
            rules: DEFAULT_RULES,
            actor,
            userOwned: { relationshipStatus: RELATIONSHIP_STATUSES[op.status], personalNotes: op.notes },
          },
        );
        break;
      case "edit": {
        const id = pick(op.target);
        if (id === undefined) break;
        editInvestor(
          app.db,
          id,
          {
            ...(op.status !== undefined ? { relationship_status: RELATIONSHIP_STATUSES[op.status] } : {}),
            ...(op.notes !== undefined ? { personal_notes: op.notes } : {}),
            ...(op.step !== undefined ? { next_step: op.step } : {}),
            ...(op.amount !== undefined ? { amount: op.amount } : {}),
          },
          { now, rules: DEFAULT_RULES, actor },
        );
        break;
      }
      case "contact": {
        const id = pick(op.target);
        if (id !== undefined)
          editInvestor(
            app.db,
            id,
            { add_contact: { note: "A call", channel: "call", date: `2026-11-${String(op.day).padStart(2, "0")}` } },
            { now, rules: DEFAULT_RULES, actor },
          );
        break;
      }
      case "move": {
        const id = pick(op.target);
        if (id !== undefined)
          moveOnBoard(app, actor, { id, relationship_status: RELATIONSHIP_STATUSES[op.status]!, pass_reason: null }, false);
        break;
      }
      case "emailed": {
        const id = pick(op.target);
        if (id === undefined) break;
        const outcome = recordEmailed(app, actor, id, false);
        if (outcome.kind === "recorded") undos.push(outcome.undo);
        break;
      }
      case "undo": {
        const token = undos.pop();
        if (token) undoAction(app, actor, token, false);
        break;
      }
      case "import": {
        const lines = op.rows.map(
          (row) =>
            `Fund ${row.name},fund${row.name}@example.com,${STATUS_WORDS[RELATIONSHIP_STATUSES[row.status]!] ?? "Contacted"},${row.notes},2026-11-${String(row.day).padStart(2, "0")}`,
        );
        const csv = ["name,email,status,notes,last contact", ...lines].join("\n");
        const parsed = parseInvestorCsv(csv);
        await commitImportInChunks(app, actor, () => planImport(parsed, existingForImport(app.db, parsed.rows)), "team.csv");
        break;
      }
      case "merge": {
        const keep = pick(op.target);
        const other = pick(op.other);
        if (keep !== undefined && other !== undefined && keep !== other) mergeRealInvestors(app, actor, keep, other);
        break;
      }
      case "delete": {
        const id = pick(op.target);
        if (id !== undefined) deleteRealInvestor(app, actor, id);
        break;
      }
    }
  }
}

describe("replaying the activity gives the user-owned columns (issue 36)", () => {
  it("holds for any sequence of two members' edits, moves, Emailed, undos, imports, merges and deletes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const { db } = createTestDatabase();
        try {
          let clock = Date.parse("2026-12-01T08:00:00Z");
          // A minute passes with every read of the clock: each change has its own time.
          const tick = () => {
            clock += 60_000;
            return new Date(clock);
          };
          const app = { ...fakeApp(db), now: tick };
          const maren = memberActor(ensureOwner(db));
          const jonasId = Number(
            db.$client.prepare("insert into members (name, role, created_at) values ('Jonas', 'member', '2026-12-01')").run()
              .lastInsertRowid,
          );
          await run(app, [maren, memberActor({ id: jonasId, name: "Jonas", role: "member" })], ops);
          const activity = activityAfter(db, 0, 100_000).map((row) => ({ ...row, detail: row.detail }));
          for (const row of db.select().from(investors).all()) {
            const entries = activity.filter((entry) => entry.investorId === row.id || entry.kind === "imported");
            const replayed = replayUserOwned({}, entries, row.id);
            const saved = userOwnedOf(row);
            for (const column of USER_OWNED_COLUMNS) {
              expect(replayed[column] ?? null, `${row.name} ${column} after ${JSON.stringify(ops)}`).toEqual(saved[column] ?? null);
            }
            // Every investor's history starts where it was made: by a member's "created", or by an import.
            const first = entries.find(
              (entry) => entry.investorId === row.id || (entry.detail.values as Record<string, unknown>)?.[row.id],
            );
            expect(first?.kind === "created" || first?.kind === "imported", `${row.name}'s first entry`).toBe(true);
          }
        } finally {
          db.$client.close();
        }
      }),
      { numRuns: 60, seed: 61 },
    );
  });
});
