import { describe, expect, it } from "vitest";
import { memberActor, systemActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { DEMO_PATHS_PER_INVESTOR } from "#app/domain/demo-bounds.ts";
import { dashboardPage } from "#app/services/dashboard-page.server.ts";
import { markIntroAsked } from "#app/services/intro-asked.server.ts";
import { addIntroPathByHand, introPathsPanel, investorIntroPaths, moveIntro, removeIntro } from "#app/services/intro-paths.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-12-02T09:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const owner = ensureOwner(db, now);
  db.$client.prepare("update members set name = 'Maren' where id = ?").run(owner.id);
  const maren = memberActor({ ...owner, name: "Maren" });
  const app = fakeApp(db, now);
  const profile = { name: "Kristin Lund", firm: "Fjord Climate", kind: "fund" as const, sectors: ["Climate"], stages: [], geographies: [] };
  const real = createInvestor(db, profile, { now, rules: DEFAULT_RULES, actor: maren });
  const demo = createInvestor(db, profile, { now, rules: DEFAULT_RULES, actor: systemActor("visitor"), demo: true });
  return { db, app, maren, marenId: owner.id, real, demo };
}

describe("intro paths on the investor page", () => {
  it("adds a path by hand through the member who sends it, once per person, with the activity", () => {
    const { db, app, maren, marenId, real } = setUp();
    const added = addIntroPathByHand(app, maren, real, false, {
      name: "Erik Solberg",
      email: "erik@angels.no",
      organisation: "Nordic Angels",
    });
    expect("ok" in added && added.ok.added).toBe(true);
    if (!("ok" in added)) return;
    expect(added.ok.path).toMatchObject({
      person: { name: "Erik Solberg", organisation: "Nordic Angels", emails: ["erik@angels.no"] },
      member: { id: marenId, name: "Maren" },
      source: "manual",
      state: "to_ask",
    });
    const again = addIntroPathByHand(app, maren, real, false, { name: "erik solberg" });
    expect("ok" in again && again.ok.added).toBe(false);
    expect(investorIntroPaths(app, real, false)).toHaveLength(1);
    expect(db.$client.prepare("select count(*) from activity where kind = 'intro_path' and investor_id = ?").pluck().get(real)).toBe(1);
    expect(addIntroPathByHand(app, maren, real, false, { name: "Lena", member_id: 999 })).toMatchObject({ field: "member_id" });
    // A name of invisible characters only (a bidi override, a zero-width space) is refused in a whole sentence: the API adds "Nothing was changed."
    expect(addIntroPathByHand(app, maren, real, false, { name: "\u202E\u200B" })).toEqual({
      field: "name",
      refused: "Write the name of the person who can introduce you: this one is empty once invisible characters are left out.",
    });
  });

  it("re-scores the investor at once when a path is added, moved or removed by hand (Today follows, not tomorrow's re-score)", () => {
    const { db, app, maren, real } = setUp();
    const warmth = () =>
      (
        JSON.parse(db.$client.prepare("select score_explained from investors where id = ?").pluck().get(real) as string) as {
          components: Array<{ key: string; detail: string }>;
        }
      ).components.find((component) => component.key === "warmth")?.detail ?? "";
    expect(warmth()).not.toMatch(/path/);
    const added = addIntroPathByHand(app, maren, real, false, { name: "Erik Solberg" });
    if (!("ok" in added)) throw new Error("not added");
    expect(warmth()).toMatch(/a path through Erik/);
    moveIntro(app, maren, added.ok.path.id, false, { state: "declined" });
    expect(warmth()).not.toMatch(/path/);
    moveIntro(app, maren, added.ok.path.id, false, { state: "to_ask" });
    expect(warmth()).toMatch(/a path through Erik/);
    expect(removeIntro(app, maren, added.ok.path.id, false)).toBe(true);
    expect(warmth()).not.toMatch(/path/);
  });

  it("bounds a demo investor's paths: anonymous visitors cannot add people without end between resets", () => {
    const { db, app, maren, real, demo } = setUp();
    const visitor = systemActor("visitor");
    for (let i = 0; i < DEMO_PATHS_PER_INVESTOR; i++)
      expect(addIntroPathByHand(app, visitor, demo, true, { name: `Visitor Person ${i}` })).toHaveProperty("ok");
    const refused = addIntroPathByHand(app, visitor, demo, true, { name: "One Too Many" });
    expect(refused).toMatchObject({ field: "name", refused: expect.stringMatching(/at most 20 intro paths/) });
    expect(investorIntroPaths(app, demo, true)).toHaveLength(DEMO_PATHS_PER_INVESTOR);
    expect(db.$client.prepare("select count(*) from people where name = 'One Too Many'").pluck().get()).toBe(0);
    // The real side has no such bound: the team's own word.
    for (let i = 0; i <= DEMO_PATHS_PER_INVESTOR; i++) addIntroPathByHand(app, maren, real, false, { name: `Real Person ${i}` });
    expect(investorIntroPaths(app, real, false)).toHaveLength(DEMO_PATHS_PER_INVESTOR + 1);
  });

  it("keeps the founder's Today across anonymous demo intro writes (they touch demo rows only), not across her own", () => {
    const { app, maren, real, demo } = setUp();
    const visitor = systemActor("visitor");
    const params = new URLSearchParams();
    const page = dashboardPage(app, false, params);
    const added = addIntroPathByHand(app, visitor, demo, true, { name: "Visitor Person" });
    if (!("ok" in added)) throw new Error("not added");
    expect(markIntroAsked(app, visitor, { investorId: demo, pathId: added.ok.path.id, state: "asked" }, true).kind).toBe("recorded");
    moveIntro(app, visitor, added.ok.path.id, true, { state: "agreed" });
    removeIntro(app, visitor, added.ok.path.id, true);
    expect(dashboardPage(app, false, params)).toBe(page);
    addIntroPathByHand(app, maren, real, false, { name: "Erik Solberg" });
    expect(dashboardPage(app, false, params)).not.toBe(page);
  });

  it("keeps the sides apart: a demo investor or path is not found from the real side, and the other way", () => {
    const { app, maren, real, demo } = setUp();
    expect(addIntroPathByHand(app, maren, demo, false, { name: "Erik" })).toEqual({ notFound: true });
    expect(investorIntroPaths(app, demo, false)).toBeUndefined();
    expect(investorIntroPaths(app, real, true)).toBeUndefined();
    const added = addIntroPathByHand(app, maren, real, false, { name: "Erik" });
    if (!("ok" in added)) throw new Error("not added");
    expect(moveIntro(app, systemActor("visitor"), added.ok.path.id, true, { state: "asked" })).toEqual({ notFound: true });
    expect(removeIntro(app, systemActor("visitor"), added.ok.path.id, true)).toBe(false);
    expect(investorIntroPaths(app, real, false)).toHaveLength(1);
  });

  it("moves an intro with its date; introduced moves the investor only when the founder chooses", () => {
    const { db, app, maren, real } = setUp();
    const added = addIntroPathByHand(app, maren, real, false, { name: "Erik Solberg" });
    if (!("ok" in added)) throw new Error("not added");
    const id = added.ok.path.id;
    expect(moveIntro(app, maren, id, false, { state: "asked" })).toMatchObject({
      ok: { state: "asked", asked_on: "2026-12-02", state_by: "Maren" },
    });
    const status = () => db.$client.prepare("select relationship_status from investors where id = ?").pluck().get(real);
    const before = status();
    expect(moveIntro(app, maren, id, false, { state: "introduced" })).toMatchObject({ ok: { state: "introduced" } });
    expect(status()).toBe(before);
    expect(moveIntro(app, maren, id, false, { state: "agreed", investor_status: "contacted" })).toMatchObject({ field: "investor_status" });
    moveIntro(app, maren, id, false, { state: "introduced", investor_status: "contacted" });
    expect(status()).toBe("contacted");
    expect(db.$client.prepare("select count(*) from activity where kind = 'intro' and investor_id = ?").pluck().get(real)).toBe(3);
    expect(removeIntro(app, maren, id, false)).toBe(true);
    expect(investorIntroPaths(app, real, false)).toEqual([]);
  });

  it("gives each path its draft to the connector", () => {
    const { app, maren, real } = setUp();
    addIntroPathByHand(app, maren, real, false, { name: "Erik Solberg", email: "erik@angels.no" });
    const [shown] = introPathsPanel(app, { id: real, name: "Kristin Lund", firm: "Fjord Climate", sectors: ["Climate"] }, false);
    expect(shown?.draft?.ask).toContain("Hi Erik,");
    expect(shown?.draft?.to).toBe("erik@angels.no");
  });
});
