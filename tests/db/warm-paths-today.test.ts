import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memberActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { overdueText } from "#app/domain/today.ts";
import { askLine, isAsk } from "#app/domain/warm-path.ts";
import { markIntroAsked, rescoreForPaths } from "#app/services/intro-asked.server.ts";
import { dashboardPage } from "#app/services/dashboard-page.server.ts";
import { addIntroPath, ensurePerson, setIntroState } from "#db/queries/intros.server.ts";
import { createInvestor, rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { loadToday } from "#db/queries/today.server.ts";
import { todaysDigest } from "#app/jobs/digest.server.ts";
import { introsWaiting } from "#db/queries/warm-paths.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const T = new Date("2026-12-02T09:00:00Z");
const later = (days: number) => new Date(T.getTime() + days * 86_400_000);

/** Kristin Lund (a strong path through Erik, whom Maren knows) and her cold twin, equal in all else, both fitting well. */
function setUp() {
  const { db } = createTestDatabase();
  const owner = ensureOwner(db, T);
  db.$client.prepare("update members set name = 'Maren' where id = ?").run(owner.id);
  const maren = memberActor({ ...owner, name: "Maren" });
  const add = (name: string) =>
    createInvestor(
      db,
      { name, firm: "Fjord Climate", kind: "fund", sectors: [], stages: [], geographies: [] },
      { now: T, rules: DEFAULT_RULES, actor: maren },
    );
  const kristin = add("Kristin Lund");
  const cold = add("Kristin Cold");
  db.$client.prepare("update investors set signal_fit = 100, owner_member_id = ?").run(owner.id);
  const erik = ensurePerson(db, { name: "Erik Solberg", knownByMemberId: owner.id, isDemo: false }, T)!;
  const path = addIntroPath(
    db,
    maren,
    {
      investorId: kristin,
      personId: erik,
      memberId: null,
      source: "mail",
      tier: "strong",
      evidence: "Erik and kristin@fjord.vc were on 4 threads",
      isDemo: false,
    },
    T,
  ).id;
  rescoreAllInvestors(db, T, DEFAULT_RULES);
  return { db, owner, maren, kristin, cold, path, erik };
}

function today(db: ReturnType<typeof setUp>["db"], now: Date, mine: number | null = null) {
  return loadToday(db, false, { now, followUpAfterDays: DEFAULT_RULES.followUpAfterDays, shown: 10, mine });
}

describe("warm paths on Today (decision 065)", () => {
  it("puts the warm investor first with the ask, the evidence and the credit in words; the cold twin keeps the cold email", () => {
    const { db, kristin, cold } = setUp();
    try {
      const rows = today(db, T).lists.email_first;
      expect(rows.map((row) => row.id)).toEqual([kristin, cold]);
      const [warm, plain] = rows as [(typeof rows)[number], (typeof rows)[number]];
      expect(warm.score).toBe(plain.score + 6);
      expect(isAsk(warm.intro) && askLine(warm.intro, warm)).toBe("Ask Erik for an intro to Kristin Lund (Fjord Climate)");
      expect(warm.intro).toMatchObject({ person: "Erik Solberg", member: "Maren", tier: "strong", state: "to_ask" });
      expect(plain.intro).toBeNull();
      const explained = db.$client.prepare("select score_explained from investors where id = ?").pluck().get(kristin) as string;
      expect(JSON.parse(explained).components).toContainEqual(
        expect.objectContaining({ key: "warmth", points: 14, detail: "Not contacted; a strong path through Erik" }),
      );
    } finally {
      db.$client.close();
    }
  });

  it("after Asked at T shows no ask for that intro on any later day, and the nudge from 5 days on, owner-aware", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), (days) => {
        const { db, owner, maren, kristin, path } = setUp();
        try {
          expect(markIntroAsked(fakeApp(db, T), maren, { investorId: kristin, pathId: path, state: "asked" }, false).kind).toBe("recorded");
          const now = later(days);
          rescoreAllInvestors(db, now, DEFAULT_RULES);
          const seen = today(db, now);
          expect(seen.lists.email_first.some((row) => row.id === kristin)).toBe(false);
          const nudge = seen.lists.follow_up.find((row) => row.id === kristin);
          if (days < 5) {
            expect(nudge).toBeUndefined();
            return;
          }
          expect(overdueText(nudge!, now, DEFAULT_RULES.followUpAfterDays)).toBe(
            `Nudge Erik about the intro to Kristin Lund you asked for ${days} days ago.`,
          );
          expect(seen.counts.follow_up).toBe(1);
          // Mine: Maren's investor is in her follow-ups, in nobody else's.
          expect(today(db, now, owner.id).lists.follow_up.map((row) => row.id)).toEqual([kristin]);
          expect(today(db, now, owner.id + 1).lists.follow_up).toEqual([]);
        } finally {
          db.$client.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it("clears the nudge when the intro is asked again, agreed, introduced or declined; agreed is never nudged", () => {
    for (const answer of ["asked", "agreed", "introduced", "declined"] as const) {
      const { db, maren, kristin, path } = setUp();
      try {
        setIntroState(db, maren, path, "asked", "2026-12-02", T);
        const now = later(6);
        rescoreAllInvestors(db, now, DEFAULT_RULES);
        expect(today(db, now).lists.follow_up.map((row) => row.id)).toEqual([kristin]);
        markIntroAsked(fakeApp(db, now), maren, { investorId: kristin, pathId: path, state: "asked" }, false);
        if (answer !== "asked") {
          setIntroState(db, maren, path, answer, "2026-12-08", now);
          rescoreAllInvestors(db, now, DEFAULT_RULES);
        }
        for (const day of [6, 20]) {
          rescoreAllInvestors(db, later(day), DEFAULT_RULES);
          const due = today(db, later(day)).lists.follow_up.some((row) => row.id === kristin);
          // Asked again on day 6: due once more 5 days later; any answer is never nudged.
          expect(due, `${answer} on day ${day}`).toBe(answer === "asked" && day === 20);
        }
      } finally {
        db.$client.close();
      }
    }
  });

  it("Undo puts the ask back; a path of another investor or of the demo is not found", () => {
    const { db, maren, kristin, cold, path } = setUp();
    try {
      const app = fakeApp(db, T);
      markIntroAsked(app, maren, { investorId: kristin, pathId: path, state: "asked" }, false);
      expect(today(db, T).lists.email_first.map((row) => row.id)).toEqual([cold]);
      markIntroAsked(app, maren, { investorId: kristin, pathId: path, state: "to_ask" }, false);
      expect(today(db, T).lists.email_first.map((row) => row.id)).toEqual([kristin, cold]);
      expect(markIntroAsked(app, maren, { investorId: cold, pathId: path, state: "asked" }, false)).toEqual({ kind: "not_found" });
      expect(markIntroAsked(app, maren, { investorId: kristin, pathId: path, state: "asked" }, true)).toEqual({ kind: "not_found" });
    } finally {
      db.$client.close();
    }
  });

  it("after Erik declines, the next path is the one to ask; with none left the row is cold again", () => {
    const { db, owner, maren, kristin, path } = setUp();
    try {
      const lena = ensurePerson(db, { name: "Lena Berg", knownByMemberId: owner.id, isDemo: false }, T)!;
      addIntroPath(db, maren, { investorId: kristin, personId: lena, memberId: null, source: "import", isDemo: false }, T);
      setIntroState(db, maren, path, "declined", "2026-12-02", T);
      rescoreAllInvestors(db, T, DEFAULT_RULES);
      const row = today(db, T).lists.email_first.find((r) => r.id === kristin)!;
      expect(row.intro).toMatchObject({ person: "Lena Berg", tier: null, source: "import", state: "to_ask" });
      db.$client.prepare("delete from intro_paths where person_id = ?").run(lena);
      rescoreAllInvestors(db, T, DEFAULT_RULES);
      expect(today(db, T).lists.email_first.find((r) => r.id === kristin)!.intro).toBeNull();
    } finally {
      db.$client.close();
    }
  });

  it("counts intros waiting in the digest, per member: asked and agreed, never to ask, introduced or declined", () => {
    const { db, owner, maren, kristin, cold, path } = setUp();
    try {
      const lena = ensurePerson(db, { name: "Lena Berg", isDemo: false }, T)!;
      const second = addIntroPath(db, maren, { investorId: cold, personId: lena, memberId: null, source: "manual", isDemo: false }, T).id;
      expect(introsWaiting(db, false).count).toBe(0);
      setIntroState(db, maren, path, "asked", "2026-11-30", T);
      setIntroState(db, maren, second, "agreed", "2026-12-01", T);
      expect(introsWaiting(db, false)).toEqual({
        count: 2,
        first: [
          { person: "Erik Solberg", investor: "Kristin Lund" },
          { person: "Lena Berg", investor: "Kristin Cold" },
        ],
      });
      expect(todaysDigest(fakeApp(db, T))).toContain("2 intros waiting: Erik (Kristin Lund), Lena (Kristin Cold).");
      // Mine: Maren owns Kristin Lund only now.
      db.$client.prepare("update investors set owner_member_id = null where id = ?").run(cold);
      expect(introsWaiting(db, false, owner.id).count).toBe(1);
      expect(todaysDigest(fakeApp(db, T), { id: owner.id })).toContain("1 intro waiting: Erik (Kristin Lund).");
      expect(introsWaiting(db, true).count).toBe(0);
      setIntroState(db, maren, path, "introduced", "2026-12-02", T);
      setIntroState(db, maren, second, "declined", "2026-12-02", T);
      expect(introsWaiting(db, false).count).toBe(0);
      expect(kristin).toBeGreaterThan(0);
    } finally {
      db.$client.close();
    }
  });

  it("changes the kept page when a path is added or an intro moves, and re-scores with rescoreForPaths", () => {
    const { db, owner, maren, kristin, cold, path } = setUp();
    try {
      const app = fakeApp(db, T);
      const look = () => dashboardPage(app, false, new URLSearchParams()).today.lists.email_first;
      const first = look();
      expect(look()).toBe(first); // kept: nothing written
      expect(first.find((row) => row.id === cold)!.intro).toBeNull();
      const lena = ensurePerson(db, { name: "Lena Berg", knownByMemberId: owner.id, isDemo: false }, T)!;
      addIntroPath(db, maren, { investorId: cold, personId: lena, memberId: null, source: "import", isDemo: false }, T);
      // The path shows at once (Today reads paths live); the score follows the re-score.
      const added = look();
      expect(added.find((row) => row.id === cold)!.intro).toMatchObject({ person: "Lena Berg", state: "to_ask" });
      const before = added.find((row) => row.id === cold)!.score;
      rescoreForPaths(app, [cold], false);
      expect(look().find((row) => row.id === cold)!.score).toBe(before + 4);
      setIntroState(db, maren, path, "asked", "2026-12-02", T);
      rescoreForPaths(app, [kristin], false);
      expect(look().map((row) => row.id)).toEqual([cold]);
    } finally {
      db.$client.close();
    }
  });
});
