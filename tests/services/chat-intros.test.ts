import { describe, expect, it } from "vitest";
import { readIntroQuestion } from "#app/domain/chat/intros.ts";
import { memberActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import type { LanguageModel } from "#app/integrations/model.server.ts";
import { answerQuestion } from "#app/services/chat.server.ts";
import { addIntroPath, ensurePerson, setIntroState } from "#db/queries/intros.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const T = new Date("2026-12-02T09:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const owner = ensureOwner(db, T);
  db.$client.prepare("update members set name = 'Maren' where id = ?").run(owner.id);
  const maren = memberActor({ ...owner, name: "Maren" });
  const add = (name: string, firm: string) =>
    createInvestor(
      db,
      { name, firm, kind: "fund", sectors: [], stages: [], geographies: [] },
      { now: T, rules: DEFAULT_RULES, actor: maren },
    );
  const jan = add("Jan Berg", "Northzone");
  const sara = add("Sara Holm", "Northzone");
  const kristin = add("Kristin Lund", "Fjord Climate");
  const erik = ensurePerson(db, { name: "Erik Solberg", knownByMemberId: owner.id, isDemo: false }, T)!;
  const lena = ensurePerson(db, { name: "Lena Dahl", isDemo: false }, T)!;
  addIntroPath(
    db,
    maren,
    {
      investorId: jan,
      personId: lena,
      memberId: null,
      source: "mail",
      tier: "strong",
      evidence: "Lena and jan@northzone.com were on 3 threads, both wrote",
      isDemo: false,
    },
    T,
  );
  const declined = addIntroPath(db, maren, { investorId: jan, personId: erik, memberId: null, source: "import", isDemo: false }, T).id;
  setIntroState(db, maren, declined, "declined", "2026-12-01", T);
  const toKristin = addIntroPath(
    db,
    maren,
    { investorId: kristin, personId: erik, memberId: null, source: "import", evidence: "ex-colleague", isDemo: false },
    T,
  ).id;
  return { db, maren, jan, sara, kristin, toKristin };
}

describe("the chat on warm intros (decision 065)", () => {
  it("reads which intro question is asked, and leaves other questions alone", () => {
    expect(readIntroQuestion("Who can introduce me to Northzone?")).toBe("who_can_introduce");
    expect(readIntroQuestion("anyone who could intro us to Kristin?")).toBe("who_can_introduce");
    expect(readIntroQuestion("warm intro paths to Fjord Climate")).toBe("who_can_introduce");
    expect(readIntroQuestion("Who introduced us to Kristin Lund?")).toBe("who_introduced");
    expect(readIntroQuestion("how did we meet Kristin Lund")).toBe("who_introduced");
    expect(readIntroQuestion("Where do we stand with Kristin Lund?")).toBeUndefined();
    expect(readIntroQuestion("who should I email first?")).toBeUndefined();
  });

  it("answers who can introduce me to a firm: each of its investors' paths with strength and evidence, declined said apart", async () => {
    const { db, jan, sara } = setUp();
    const reply = await answerQuestion(
      fakeApp(db, T),
      { message: "Who can introduce me to Northzone?" },
      { demo: false, model: undefined },
    );
    expect(reply.source).toBe("summary");
    expect(reply.answer).toContain(
      "To Jan Berg (Northzone): Lena Dahl: Strong path · Lena and jan@northzone.com were on 3 threads, both wrote; not asked yet. Declined: Erik Solberg.",
    );
    expect(reply.answer).toContain("No warm path to Sara Holm (Northzone) is recorded.");
    expect(reply.investor_ids.sort()).toEqual([jan, sara].sort());
  });

  it("answers who introduced us: none recorded, then who, when and marked by whom", async () => {
    const { db, maren, kristin, toKristin } = setUp();
    const app = fakeApp(db, T);
    const ask = () => answerQuestion(app, { message: "Who introduced us to Kristin Lund?" }, { demo: false, model: undefined });
    expect((await ask()).answer).toBe("No introduction to Kristin Lund (Fjord Climate) is recorded.");
    setIntroState(db, maren, toKristin, "asked", "2026-11-28", T);
    expect((await ask()).answer).toBe(
      "No introduction to Kristin Lund (Fjord Climate) is recorded. Waiting: Erik Solberg (asked on 2026-11-28).",
    );
    setIntroState(db, maren, toKristin, "introduced", "2026-12-02", T);
    const reply = await ask();
    expect(reply.answer).toBe("Erik Solberg introduced you to Kristin Lund (Fjord Climate) on 2026-12-02, marked by Maren.");
    expect(reply.investor_ids).toEqual([kristin]);
  });

  it("gives the model the paths as context lines, and never the demo's to the real side or back", async () => {
    const { db } = setUp();
    let prompt = "";
    const model: LanguageModel = {
      generateJson: async (request) => {
        prompt = request.prompt;
        return { text: JSON.stringify({ answer: "Lena can.", investor_ids: [] }) } as Awaited<ReturnType<LanguageModel["generateJson"]>>;
      },
    };
    const reply = await answerQuestion(fakeApp(db, T), { message: "who can introduce me to Northzone?" }, { demo: false, model });
    expect(reply).toMatchObject({ source: "model", answer: "Lena can." });
    expect(prompt).toMatch(/Intro paths to id=\d+ Jan Berg \(Northzone\): Lena Dahl: Strong path/);
    const demo = await answerQuestion(fakeApp(db, T), { message: "who can introduce me to Northzone?" }, { demo: true, model: undefined });
    expect(demo.answer).not.toContain("Lena");
  });
});
