import { describe, expect, it } from "vitest";
import { introNudgeDue } from "#app/domain/intros.ts";
import { memberActor } from "#app/domain/people.ts";
import { investorActivity } from "#db/queries/activity.server.ts";
import { addIntroPath, ensurePerson, introPathsOf, removeIntroPath, setIntroState } from "#db/queries/intros.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-12-02T09:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const owner = ensureOwner(db, now);
  db.$client.prepare("update members set name = 'Maren' where id = ?").run(owner.id);
  const maren = memberActor({ ...owner, name: "Maren" });
  const investorId = createInvestor(
    db,
    { name: "Kristin Lund", firm: "Fjord Climate", kind: "fund", sectors: [], stages: [], geographies: [] },
    { now, rules: DEFAULT_RULES, actor: maren },
  );
  return { db, maren, investorId };
}

describe("warm intro paths", () => {
  it("keeps one person per spelling and adds what a later mention says", () => {
    const { db } = setUp();
    const first = ensurePerson(db, { name: "Erik  Solberg", isDemo: false }, now);
    const again = ensurePerson(db, { name: "erik solberg", organisation: "Nordic Angels", emails: ["Erik@Angels.no"], isDemo: false }, now);
    expect(again).toBe(first);
    const demo = ensurePerson(db, { name: "Erik Solberg", isDemo: true }, now);
    expect(demo).not.toBe(first);
    expect(ensurePerson(db, { name: " \u200b ", isDemo: false }, now)).toBeNull();
  });

  it("lists a person's addresses in the order given: one mail joins later by the same name never becomes the draft's", () => {
    const { db, maren, investorId } = setUp();
    const erik = ensurePerson(db, { name: "Erik Solberg", emails: ["erik@angels.no"], isDemo: false }, now)!;
    // A sender elsewhere who signs "Erik Solberg": the mail build finds the person by that name.
    expect(ensurePerson(db, { name: "Erik Solberg", emails: ["aaa@impostor.test"], isDemo: false }, now)).toBe(erik);
    addIntroPath(db, maren, { investorId, personId: erik, memberId: null, source: "manual", isDemo: false }, now);
    expect(introPathsOf(db, [investorId]).get(investorId)![0]!.person!.emails).toEqual(["erik@angels.no", "aaa@impostor.test"]);
  });

  it("adds a path once, moves its state with the day asked, and records each change", () => {
    const { db, maren, investorId } = setUp();
    const erik = ensurePerson(
      db,
      { name: "Erik Solberg", emails: ["erik@angels.no"], knownByMemberId: maren.kind === "member" ? maren.memberId : null, isDemo: false },
      now,
    )!;
    const added = addIntroPath(
      db,
      maren,
      { investorId, personId: erik, memberId: null, source: "import", evidence: "ex-colleague", isDemo: false },
      now,
    );
    expect(added.added).toBe(true);
    expect(addIntroPath(db, maren, { investorId, personId: erik, memberId: null, source: "import", isDemo: false }, now)).toEqual({
      id: added.id,
      added: false,
    });

    setIntroState(db, maren, added.id, "asked", "2026-12-02", now);
    const [path] = introPathsOf(db, [investorId]).get(investorId)!;
    expect(path).toMatchObject({
      state: "asked",
      asked_on: "2026-12-02",
      state_by: "Maren",
      member: { name: "Maren" },
      person: { name: "Erik Solberg", emails: ["erik@angels.no"] },
    });
    expect(introNudgeDue(path!.state, path!.asked_on, "2026-12-06")).toBe(false);
    expect(introNudgeDue(path!.state, path!.asked_on, "2026-12-07")).toBe(true);

    expect(removeIntroPath(db, maren, added.id, now)).toBe(true);
    expect(introPathsOf(db, [investorId]).get(investorId)).toBeUndefined();
    expect(investorActivity(db, investorId).map((row) => row.kind)).toEqual(expect.arrayContaining(["intro_path", "intro"]));
  });

  it("keeps a member's direct path apart from a person's", () => {
    const { db, maren, investorId } = setUp();
    const memberId = maren.kind === "member" ? maren.memberId : 0;
    const direct = addIntroPath(
      db,
      maren,
      { investorId, personId: null, memberId, source: "mail", tier: "strong", evidence: "e", isDemo: false },
      now,
    );
    const again = addIntroPath(
      db,
      maren,
      { investorId, personId: null, memberId, source: "mail", tier: "weak", evidence: "f", isDemo: false },
      now,
    );
    expect(again).toEqual({ id: direct.id, added: false, tierMoved: true });
    expect(introPathsOf(db, [investorId]).get(investorId)).toEqual([
      expect.objectContaining({ person: null, tier: "weak", evidence: "f", member: { id: memberId, name: "Maren" } }),
    ]);
  });
});

describe("a bare first name", () => {
  it("is the one person with that first name on the side; with two, or none, a person of its own", () => {
    const { db } = setUp();
    const erik = ensurePerson(db, { name: "Erik Solberg", isDemo: false }, now);
    expect(ensurePerson(db, { name: "erik", emails: ["erik@angels.no"], isDemo: false }, now)).toBe(erik);
    expect(ensurePerson(db, { name: "Erik", isDemo: true }, now)).not.toBe(erik);
    ensurePerson(db, { name: "Lena Berg", isDemo: false }, now);
    ensurePerson(db, { name: "Lena Holm", isDemo: false }, now);
    const lena = ensurePerson(db, { name: "Lena", isDemo: false }, now);
    expect(db.$client.prepare("select name from people where id = ?").pluck().get(lena)).toBe("Lena");
  });
});
