import fc from "fast-check";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { describe, expect, it } from "vitest";
import { RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import type { overdueText } from "#app/domain/today.ts";
import { recordEmailed } from "#app/services/undo.server.ts";
import { editInvestor, rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { loadToday } from "#db/queries/today.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const DAY_MS = 86_400_000;
const base = Date.parse("2026-11-25T00:00:00Z");
const dateOf = (at: number, offsetDays: number) => new Date(at + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** One investor of a generated pipeline: dates in days from the moment the contact is logged (negative: before). */
const investorArb = fc.record({
  status: fc.constantFrom(...RELATIONSHIP_STATUSES),
  lastContact: fc.option(fc.integer({ min: -90, max: 0 }), { nil: null }),
  nextStep: fc.option(fc.constantFrom("Send the deck", "follow up", ""), { nil: null }),
  nextStepDate: fc.option(fc.integer({ min: -60, max: 20 }), { nil: null }),
  meetingDate: fc.option(fc.integer({ min: -30, max: 10 }), { nil: null }),
});

/**
 * Acting clears what is due (decision 053): whatever the pipeline, an investor contacted at T —
 * by Today's "Emailed" or a contact logged on their page, dated T — has no row in Today's
 * follow-ups computed at T, and no line of theirs says something is due or overdue.
 */
describe("a contact logged clears what is due", () => {
  it("for any generated pipeline and any contact logged at time T, Today at T shows no due row for that investor", () => {
    fc.assert(
      fc.property(
        fc.array(investorArb, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: DAY_MS - 1 }),
        fc.constantFrom("emailed", "call", "meeting"),
        fc.integer({ min: 1, max: 30 }),
        (pipeline, pick, dayOffset, timeOfDay, how, followUpAfterDays) => {
          const at = base + dayOffset * DAY_MS;
          const now = new Date(at + timeOfDay);
          const today = dateOf(at, 0);
          const rules = { ...DEFAULT_RULES, followUpAfterDays };
          const { db } = createTestDatabase();
          try {
            const insert = db.$client.prepare(
              "insert into investors (name, relationship_status, last_contact_date, next_step, next_step_date, meeting_date, is_demo) values (?, ?, ?, ?, ?, ?, 0)",
            );
            const ids = pipeline.map((row, index) =>
              Number(
                insert.run(
                  `Investor ${index}`,
                  row.status,
                  row.lastContact === null ? null : dateOf(at, row.lastContact),
                  row.nextStep,
                  row.nextStepDate === null ? null : dateOf(at, row.nextStepDate),
                  row.meetingDate === null ? null : dateOf(at, row.meetingDate),
                ).lastInsertRowid,
              ),
            );
            rescoreAllInvestors(db, now, rules);
            const id = ids[pick % ids.length]!;
            if (how === "emailed") {
              expect(recordEmailed(fakeApp(db, now, { rules }), TEST_ACTOR, id, false).kind).toBe("recorded");
            } else {
              const logged = editInvestor(
                db,
                id,
                { add_contact: { date: today, channel: how, note: "Talked it through" } },
                { actor: TEST_ACTOR, now, rules },
              );
              expect(logged).toBe(true);
            }
            const todayLists = loadToday(db, false, { now, followUpAfterDays, shown: 100 });
            expect(todayLists.lists.follow_up.map((row) => row.id)).not.toContain(id);
            const row = db.$client
              .prepare(
                "select relationship_status, last_contact_date, next_step, next_step_date, meeting_date, name, action, json_extract(score_explained, '$.action_reason') as reason from investors where id = ?",
              )
              .get(id) as Parameters<typeof overdueText>[0] & { action: string; reason: string };
            expect(row.last_contact_date).toBe(today);
            expect(row.action).not.toBe("follow_up");
            // "Due diligence" is a status's name, not a follow-up's "due".
            expect(row.reason.replaceAll("Due diligence", "")).not.toMatch(/\bdue\b|overdue/i);
          } finally {
            db.$client.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
