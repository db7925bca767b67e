import { afterEach, describe, expect, it } from "vitest";
import { DEMO_CONNECTORS } from "#app/domain/demo-data/intros.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { resetDemo } from "#app/jobs/demo.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { ensurePerson } from "#db/queries/intros.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { readTodayList } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const NOW = new Date("2026-11-25T09:00:00Z");

/** Decision 065: /demo shows warm intros — people, paths of each source and tier, an intro asked and unanswered. */
describe("the demo's warm intros", () => {
  let db: AppDatabase;
  afterEach(() => db.$client.close());

  const paths = () =>
    db.$client
      .prepare(
        `select p.source, p.tier, p.state, p.asked_on, i.relationship_status as status, i.is_demo as investor_demo, pe.name
           from intro_paths p join investors i on i.id = p.investor_id join people pe on pe.id = p.person_id where p.is_demo = 1 order by p.id`,
      )
      .all() as Array<{
      source: string;
      tier: string | null;
      state: string;
      asked_on: string | null;
      status: string;
      investor_demo: number;
      name: string;
    }>;

  it("makes the connectors and their paths on demo investors only, the same after every reset, never touching real people", () => {
    db = createTestDatabase().db;
    ensureOwner(db, NOW);
    const real = ensurePerson(db, { name: "Erik Solberg", isDemo: false }, NOW);
    resetDemo(db, NOW, DEFAULT_RULES);
    const first = paths();
    expect(first.length).toBe(7);
    expect(first.every((path) => path.investor_demo === 1)).toBe(true);
    expect(new Set(first.map((path) => path.source))).toEqual(new Set(["import", "mail", "manual"]));
    expect(first.filter((path) => path.state === "to_ask").every((path) => path.status === "not_contacted")).toBe(true);
    expect(first.find((path) => path.state === "asked")).toMatchObject({ asked_on: "2026-11-19" });
    // A visitor's first screen of Email first shows an ask beside a cold email (a walkthrough found them only under "Show all").
    const firstScreen = readTodayList(db, true, "email_first", 5);
    expect(firstScreen.some((row) => row.intro !== null)).toBe(true);
    expect(firstScreen.some((row) => row.intro === null)).toBe(true);
    resetDemo(db, NOW, DEFAULT_RULES);
    expect(paths()).toEqual(first);
    expect(db.$client.prepare("select count(*) from people where is_demo = 1").pluck().get()).toBe(DEMO_CONNECTORS.length);
    expect(db.$client.prepare("select id from people where is_demo = 0").pluck().all()).toEqual([real]);
  });

  it('counts a single thread as one thread in the evidence, as the mail\'s own paths do (a walkthrough read "were on 1 threads")', () => {
    db = createTestDatabase().db;
    ensureOwner(db, NOW);
    resetDemo(db, NOW, DEFAULT_RULES);
    const evidence = db.$client.prepare("select evidence from intro_paths where is_demo = 1").pluck().all() as string[];
    expect(evidence.some((words) => words.includes(" were on 1 thread, "))).toBe(true);
    expect(evidence.filter((words) => /\b1 threads\b/.test(words))).toEqual([]);
  });
});
