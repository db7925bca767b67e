import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DIGEST_MAX_SEPTETS,
  buildDigest,
  composeDigest,
  gsm7Length,
  isGsm7,
  smsSegments,
  toGsm7,
  type DigestInvestor,
} from "#app/domain/digest.ts";
import { ACTIONS, RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";

const RUNS = { numRuns: 1_000 };
const DATE = "2025-11-22";

function investor(id: number, overrides: Partial<DigestInvestor> = {}): DigestInvestor {
  return {
    id,
    name: `Investor ${id}`,
    firm: null,
    score: 50,
    action: "wait",
    relationship_status: "not_contacted",
    signal_red_flag: null,
    ...overrides,
  };
}

// Names the way a CSV import delivers them: accents, other scripts, emoji, GSM-7's own extension
// characters, control characters, and the occasional very long one.
const awkward = fc.constantFrom(
  "Zoë Ångström",
  "Łukasz Żółć",
  "李小龍",
  "🚀🦄",
  "Ærøskøbing Œuvre",
  "[{^~|\\€}]",
  "“Quoted” — dashed",
  "\u0000\u001b\t\n\r\f",
  "Ｆｕｌｌｗｉｄｔｈ ﬁ",
  "x".repeat(5_000),
  "",
  "   ",
);
const anyText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(..."ëéÅßØ€^{}[]~|\\`’—李🚀 \n"), maxLength: 80 }),
  fc.string({ unit: "grapheme-ascii", minLength: 100, maxLength: 400 }),
  awkward,
);
const anyInvestor = (id: number) =>
  fc.record({
    id: fc.constant(id),
    name: anyText,
    firm: fc.option(anyText),
    score: fc.oneof(fc.integer({ min: -10, max: 110 }), fc.double()),
    action: fc.constantFrom(...ACTIONS),
    relationship_status: fc.constantFrom(...RELATIONSHIP_STATUSES),
    signal_red_flag: fc.option(anyText),
  });
// fast-check keeps arrays short by default; half the runs are forced into the hundreds.
const anyPipeline = fc
  .oneof(fc.nat({ max: 20 }), fc.integer({ min: 100, max: 500 }))
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => anyInvestor(index + 1))));

describe("buildDigest properties", () => {
  it("is GSM-7 without extension characters unless it names someone GSM-7 cannot write, and at most two segments, for 0-500 investors", () => {
    fc.assert(
      fc.property(anyPipeline, fc.option(fc.constantFrom(DATE, "2025-02-31", "not a date")), (investors, date) => {
        const digest = buildDigest(investors, date === null ? {} : { date });
        if (isGsm7(digest.text)) {
          expect(gsm7Length(digest.text)).toBe(digest.text.length); // no two-septet characters
          expect(gsm7Length(digest.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
        } else {
          // UCS-2 only to write a name as written: one of the names shown has letters GSM-7 lacks.
          const named = [...digest.emailFirst, ...digest.dontChase].filter((name) => !isGsm7(name) && /\p{L}/u.test(name));
          expect(named.some((name) => digest.text.includes(name))).toBe(true);
        }
        expect(DIGEST_MAX_SEPTETS).toBeLessThanOrEqual(320);
        expect(digest.segments).toBe(smsSegments(digest.text));
        expect(digest.segments).toBeGreaterThanOrEqual(1);
        expect(digest.segments).toBeLessThanOrEqual(2);
        expect(digest.text).not.toMatch(/ {2}|^ | $/);
      }),
      RUNS,
    );
    // Hundreds of generated pipelines: slow on a loaded 2-core machine, so a longer limit.
  }, 60_000);

  it("counts follow-ups exactly and names at most three, from the right lists", () => {
    fc.assert(
      fc.property(anyPipeline, (investors) => {
        const digest = buildDigest(investors);
        expect(digest.followUps).toBe(investors.filter((each) => each.action === "follow_up").length);
        if (investors.length > 0) {
          const followUps = digest.followUps === 0 ? "No follow-ups due." : `Follow-ups due: ${digest.followUps}.`;
          expect(digest.text).toContain(followUps);
        }
        expect(digest.emailFirst.length).toBeLessThanOrEqual(3);
        expect(digest.dontChase.length).toBeLessThanOrEqual(3);
        expect(digest.emailFirst.length).toBe(Math.min(3, investors.filter((each) => each.action === "email_first").length));
        for (const name of [...digest.emailFirst, ...digest.dontChase]) {
          if (isGsm7(digest.text)) expect(isGsm7(name)).toBe(true);
          expect(name.length).toBeGreaterThan(0);
          expect(Array.from(name).length).toBeLessThanOrEqual(30);
          expect(name).not.toMatch(/[\p{Cc}\p{Cf}]|\s{2}|^\s|\s$/u);
        }
      }),
      RUNS,
    );
    // Hundreds of generated pipelines: slow on a loaded 2-core machine, so a longer limit.
  }, 60_000);

  it("puts the best-scored email_first investors first and never a dont_chase one", () => {
    const pipeline = fc
      .array(
        fc.record({
          score: fc.integer({ min: 0, max: 100 }),
          action: fc.constantFrom(...ACTIONS),
          relationship_status: fc.constantFrom(...RELATIONSHIP_STATUSES),
          red: fc.boolean(),
        }),
        { maxLength: 60 },
      )
      .map((rows) =>
        rows.map((row, index) =>
          investor(index + 1, {
            // Zero-padded: ties fall back to the name (decision 029), and "Person 10" sorts before "Person 2".
            name: `Person ${String(index + 1).padStart(2, "0")}`,
            score: row.score,
            action: row.action,
            relationship_status: row.relationship_status,
            signal_red_flag: row.red ? "fund closed" : null,
          }),
        ),
      );
    fc.assert(
      fc.property(pipeline, (investors) => {
        const digest = buildDigest(investors);
        const expected = investors
          .filter((each) => each.action === "email_first")
          .sort((a, b) => b.score - a.score || a.id - b.id)
          .slice(0, 3)
          .map((each) => each.name);
        expect(digest.emailFirst).toEqual(expected);
        const emailPart = digest.text.split(" Follow-ups due")[0]!.split(" No follow-ups")[0]!;
        for (const each of investors.filter((one) => one.action !== "email_first")) {
          expect(emailPart).not.toMatch(new RegExp(`\\b${each.name}\\b`));
        }
        // Don't chase is Today's list: every dont_chase investor counts, none of another action.
        for (const name of digest.dontChase) {
          expect(investors.find((each) => each.name === name)!.action).toBe("dont_chase");
        }
        expect(digest.dontChase.length).toBe(Math.min(3, investors.filter((each) => each.action === "dont_chase").length));
      }),
      RUNS,
    );
  });
});

describe("buildDigest examples", () => {
  it("says so when there are no investors yet", () => {
    expect(buildDigest([])).toEqual({
      text: "Pipeline digest: no investors yet.",
      segments: 1,
      emailFirst: [],
      followUps: 0,
      dontChase: [],
    });
    expect(buildDigest([], { date: DATE }).text).toBe("Pipeline 22 Nov: no investors yet.");
  });

  it("reads well for a single investor", () => {
    const digest = buildDigest([investor(1, { name: "Ada Lovelace", firm: "Analytical Engines", score: 91, action: "email_first" })], {
      date: DATE,
    });
    expect(digest.text).toBe("Pipeline 22 Nov: Email first: Ada Lovelace (Analytical Engines). No follow-ups due.");
    expect(digest.segments).toBe(1);
    expect(digest.emailFirst).toEqual(["Ada Lovelace"]);
  });

  it("says nobody when nothing is to be emailed", () => {
    const digest = buildDigest([investor(1, { action: "research" }), investor(2, { action: "follow_up" })]);
    expect(digest.text).toBe("Pipeline digest: Email first: nobody today. Follow-ups due: 1.");
  });

  it("writes the full morning message for a small pipeline", () => {
    const digest = buildDigest(
      [
        investor(1, { name: "Grace Hopper", score: 80, action: "email_first" }),
        investor(2, { name: "Ada Lovelace", firm: "Analytical", score: 91, action: "email_first" }),
        investor(3, {
          name: "Zoë Ångström",
          firm: "Nordic",
          score: 70,
          action: "dont_chase",
          relationship_status: "in_conversation",
          signal_red_flag: "fund closed",
        }),
        investor(4, { name: "Old Lead", score: 95, action: "dont_chase", relationship_status: "passed" }),
        investor(5, { action: "follow_up" }),
        investor(6, { action: "follow_up" }),
        investor(7, { action: "follow_up" }),
      ],
      { date: DATE },
    );
    expect(digest.text).toBe(
      "Pipeline 22 Nov: Email first: Ada Lovelace (Analytical), Grace Hopper. Follow-ups due: 3. Don't chase: Old Lead, Zoe Angstrom (fund closed).",
    );
    expect(digest.dontChase).toEqual(["Old Lead", "Zoe Angstrom"]);
  });

  it("counts replies waiting first among the follow-ups, and only when there are some", () => {
    const pipeline = [investor(1, { name: "Ada Lovelace", score: 91, action: "email_first" }), investor(2, { action: "follow_up" })];
    expect(buildDigest(pipeline, { date: DATE, repliesWaiting: 2 }).text).toBe(
      "Pipeline 22 Nov: Email first: Ada Lovelace. Replies waiting on you: 2. Follow-ups due: 1.",
    );
    expect(buildDigest(pipeline, { date: DATE, repliesWaiting: 0 }).text).toBe(buildDigest(pipeline, { date: DATE }).text);
    expect(buildDigest(pipeline, { date: DATE }).text).not.toContain("Replies");
  });

  it("stays within two segments with replies waiting, whatever the names", () => {
    fc.assert(
      fc.property(anyPipeline, fc.integer({ min: 1, max: 1_000_000 }), (investors, repliesWaiting) => {
        const digest = buildDigest(investors, { date: DATE, repliesWaiting });
        expect(gsm7Length(digest.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
        expect(digest.segments).toBeLessThanOrEqual(2);
        if (investors.length > 0) expect(digest.text).toContain(`Replies waiting on you: ${repliesWaiting}.`);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("counts who read the deck right after the follow-ups, only when someone did (decision 068)", () => {
    const pipeline = [investor(1, { name: "Ada Lovelace", score: 91, action: "email_first" }), investor(2, { action: "follow_up" })];
    expect(buildDigest(pipeline, { date: DATE, deckReaders: 2 }).text).toBe(
      "Pipeline 22 Nov: Email first: Ada Lovelace. Follow-ups due: 1. 2 read your deck.",
    );
    expect(buildDigest(pipeline, { date: DATE, deckReaders: 0 }).text).not.toContain("deck");
  });

  it("stays within two segments with the deck's readers, replies and new investors, whatever the names", () => {
    fc.assert(
      fc.property(anyPipeline, fc.integer({ min: 1, max: 1_000_000 }), (investors, deckReaders) => {
        const digest = buildDigest(investors, { date: DATE, repliesWaiting: 999_999, newInvestors: 999_999, deckReaders });
        expect(gsm7Length(digest.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
        expect(digest.segments).toBeLessThanOrEqual(2);
        if (investors.length > 0) expect(digest.text).toContain(`${deckReaders} read your deck.`);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("mentions new investors on Discover last, and only when there are some", () => {
    const pipeline = [investor(1, { name: "Ada Lovelace", score: 91, action: "email_first" }), investor(2, { action: "follow_up" })];
    expect(buildDigest(pipeline, { date: DATE, newInvestors: 3 }).text).toBe(
      "Pipeline 22 Nov: Email first: Ada Lovelace. Follow-ups due: 1. New on Discover: 3.",
    );
    expect(buildDigest(pipeline, { date: DATE, newInvestors: 0 }).text).not.toContain("Discover");
  });

  it("stays within two segments with replies waiting and new investors, whatever the names", () => {
    fc.assert(
      fc.property(anyPipeline, fc.integer({ min: 1, max: 1_000_000 }), (investors, newInvestors) => {
        const digest = buildDigest(investors, { date: DATE, repliesWaiting: 999_999, newInvestors });
        expect(gsm7Length(digest.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
        if (investors.length > 0) expect(digest.text).toContain(`New on Discover: ${newInvestors}.`);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("lists those not to chase as Today does: the newest reason first, then the more tempting", () => {
    const digest = buildDigest([
      investor(1, {
        name: "Flagged High",
        score: 90,
        action: "dont_chase",
        relationship_status: "not_contacted",
        signal_red_flag: "left the firm",
        action_since: "2026-11-21T07:00:00.000Z",
      }),
      investor(2, {
        name: "Talking Low",
        score: 10,
        action: "dont_chase",
        relationship_status: "in_conversation",
        action_since: "2026-11-01T07:00:00.000Z",
      }),
      investor(3, {
        name: "Meeting Mid",
        score: 50,
        action: "dont_chase",
        relationship_status: "meeting_scheduled",
        action_since: "2026-11-01T07:00:00.000Z",
      }),
      investor(4, {
        name: "Cold Quiet",
        score: 99,
        action: "dont_chase",
        relationship_status: "not_contacted",
        action_since: "2026-09-01T07:00:00.000Z",
      }),
    ]);
    expect(digest.dontChase).toEqual(["Flagged High", "Meeting Mid", "Talking Low"]);
    expect(digest.text).toContain(
      "Don't chase: Flagged High (left the firm), Meeting Mid (meeting scheduled), Talking Low (in conversation) +1 more.",
    );
  });

  it("shows three names and counts the rest", () => {
    const investors = Array.from({ length: 8 }, (_, index) =>
      investor(index + 1, { name: `Person ${index + 1}`, score: index * 10, action: "email_first" }),
    );
    const digest = buildDigest(investors);
    expect(digest.emailFirst).toEqual(["Person 8", "Person 7", "Person 6"]);
    expect(digest.text).toContain("Email first: Person 8, Person 7, Person 6 +5 more.");
  });

  it("stays within two segments for 500 investors with long names, dropping names before counts", () => {
    const actions = ["email_first", "follow_up", "dont_chase", "wait"] as const;
    const investors = Array.from({ length: 500 }, (_, index) =>
      investor(index + 1, {
        name: `Bartholomew-Maximilian Featherstonehaugh-Worthington ${index + 1}`,
        firm: "Extraordinarily Long Venture Capital Partners International",
        score: index % 100,
        action: actions[index % 4]!,
        relationship_status: "in_conversation",
        signal_red_flag: "Announced that the fund is closed to new investments this year",
      }),
    );
    const digest = buildDigest(investors, { date: DATE });
    expect(digest.segments).toBe(2);
    expect(gsm7Length(digest.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
    expect(digest.followUps).toBe(125);
    expect(digest.text).toContain("Follow-ups due: 125.");
    expect(digest.text).toMatch(/Email first: .* \+12[2-4] more/);
    expect(digest.text).toMatch(/Don't chase: .* \+12[2-4] more/);
    expect(digest.emailFirst).toHaveLength(3);
    for (const name of digest.emailFirst) expect(name).toMatch(/^Bartholomew-Maximilian\.\.\.$/);
  });

  it("writes names GSM-7 lacks as written, in UCS-2, when two segments hold them", () => {
    const digest = buildDigest([
      investor(1, { name: "李小龍", firm: "Dragon Capital", score: 90, action: "email_first" }),
      investor(2, { name: "🚀", firm: null, score: 80, action: "email_first" }),
      investor(3, { name: "김민준  7\u200b", firm: "—", score: 70, action: "email_first" }),
    ]);
    expect(digest.emailFirst).toEqual(["李小龍", "(name)", "김민준 7"]);
    expect(digest.text).toBe("Pipeline digest: Email first: 李小龍 (Dragon Capital), (name), 김민준 7. No follow-ups due.");
    expect(digest.segments).toBe(2);
  });

  it("reads a Japanese founder's morning with the names as the list writes them", () => {
    const digest = buildDigest(
      [
        investor(1, { name: "山田太郎", score: 19, action: "follow_up", relationship_status: "in_conversation" }),
        investor(2, { name: "合同会社クリエイトベンチャーズ", score: 19, action: "follow_up", relationship_status: "in_conversation" }),
        investor(3, { name: "鈴木花子", score: 10, action: "dont_chase", relationship_status: "passed" }),
        investor(4, { name: "株式会社フロンティアキャピタル", score: 23, action: "committed", relationship_status: "committed" }),
      ],
      { date: DATE },
    );
    expect(digest.text).toBe("Pipeline 22 Nov: Email first: nobody today. Follow-ups due: 2. Don't chase: 鈴木花子.");
    expect(digest.dontChase).toEqual(["鈴木花子"]);
    expect(digest.segments).toBe(smsSegments(digest.text));
    expect(digest.segments).toBeLessThanOrEqual(2);
  });

  it("falls back to GSM-7, with the firm and then (name), when names as written would need a third segment", () => {
    const long = (id: number) =>
      investor(id, { name: `Bartholomew-Maximilian ${id}`, firm: "Venture Partners International", score: 90 - id, action: "email_first" });
    const digest = buildDigest([
      long(1),
      long(2),
      long(3),
      investor(4, { name: "李小龍", firm: "Dragon Capital", action: "dont_chase", relationship_status: "passed" }),
      investor(5, { name: "🚀", firm: null, action: "dont_chase", relationship_status: "passed" }),
    ]);
    expect(isGsm7(digest.text)).toBe(true);
    expect(digest.dontChase).toEqual(["Dragon Capital", "(name)"]);
    expect(digest.text).toContain("Don't chase: Dragon Capital, (name).");
    expect(digest.segments).toBeLessThanOrEqual(2);
  });

  it("ignores a malformed date rather than failing", () => {
    expect(buildDigest([], { date: "2025-13-40" }).text).toBe("Pipeline digest: no investors yet.");
  });
});

describe("GSM-7", () => {
  it.each([
    ["Zoë", "Zoe"],
    ["Ångström", "Angstrom"],
    ["Łukasz Żółć", "Lukasz Zolc"],
    ["Straße", "Strasse"],
    ["Æsir", "AEsir"],
    ["Øresund", "Oresund"],
    ["Œuvre", "OEuvre"],
    ["Yıldız", "Yildiz"],
    ["François Müller-Lüdenscheidt", "Francois Muller-Ludenscheidt"],
    ["“Smart” ‘quotes’", "\"Smart\" 'quotes'"],
    ["A–B — C", "A-B - C"],
    ["李小龍 Bruce", "Bruce"],
    ["Ada 🚀 Lovelace", "Ada Lovelace"],
    ["  lots \t of\n\nspace  ", "lots of space"],
    ["[draft] {x} a|b ~c ^d \\e", "(draft) (x) a/b -c d /e"],
    ["€5m fund", "EUR5m fund"],
    ["£5m fund", "£5m fund"],
    ["Ｆｕｌｌ ﬁ", "Full fi"],
    ["Paral·lel", "Parallel"],
    ["`tick`", "'tick'"],
  ])("toGsm7(%j) is %j", (input, expected) => {
    expect(toGsm7(input)).toBe(expected);
  });

  it("folds any text to GSM-7 without extension characters", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const folded = toGsm7(text);
        expect(isGsm7(folded)).toBe(true);
        expect(gsm7Length(folded)).toBe(folded.length);
        expect(toGsm7(folded)).toBe(folded);
      }),
      RUNS,
    );
  });

  it("knows the alphabet: 127 basic characters (plus the escape code) and 9 extension ones", () => {
    const basic =
      "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
    expect([...basic]).toHaveLength(127);
    expect(isGsm7(basic)).toBe(true);
    expect(gsm7Length(basic)).toBe(127);
    expect(isGsm7("^{}\\[~]|€\f")).toBe(true);
    expect(gsm7Length("^{}\\[~]|€\f")).toBe(20);
    for (const outside of ["`", "ë", "Ł", "李", "🚀", "\t", "ç"]) expect(isGsm7(outside)).toBe(false);
  });

  it("counts segments like a carrier", () => {
    expect(smsSegments("")).toBe(0);
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("a".repeat(306))).toBe(2);
    expect(smsSegments("a".repeat(307))).toBe(3);
    expect(smsSegments("€".repeat(80))).toBe(1); // 160 septets
    // 306 septets would fill two parts exactly, but the escape pair may not straddle them.
    expect(smsSegments(`${"a".repeat(152)}€${"a".repeat(152)}`)).toBe(3);
    expect(smsSegments(`${"a".repeat(151)}€${"a".repeat(153)}`)).toBe(2);
    expect(smsSegments("ë".repeat(70))).toBe(1); // UCS-2
    expect(smsSegments("ë".repeat(71))).toBe(2);
    expect(smsSegments("🚀".repeat(35))).toBe(1); // 70 UTF-16 units
    expect(smsSegments("🚀".repeat(36))).toBe(2);
  });
});

describe("the digest's round line (decision 031)", () => {
  it("says the round's progress after the heading, within two messages, however long the lists", () => {
    const long = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        name: `Investor With A Rather Long Name ${i}`,
        firm: "A Firm With A Long Name Too",
        action: "email_first" as const,
        signal_red_flag: "Fund is winding down after a long stretch",
        relationship_status: "not_contacted",
        score: 80,
      }));
    const digest = composeDigest(
      {
        tracked: 40,
        emailFirst: long(3),
        emailFirstCount: 20,
        followUps: 7,
        dontChase: long(3),
        dontChaseCount: 10,
        repliesWaiting: 2,
        round: "₹650k committed + €300k soft of $1.5M (63%) · closes 15 Jan, 51 days",
      },
      { date: "2026-11-25" },
    );
    expect(
      digest.text.startsWith("Pipeline 25 Nov: Round: INR 650k committed + EUR 300k soft of $1.5M (63%); closes 15 Jan, 51 days."),
    ).toBe(true);
    expect(digest.segments).toBeLessThanOrEqual(2);
    expect(gsm7Length(digest.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
  });
});

describe("a member's own digest (decision 059)", () => {
  let id = 0;
  const investor = (name: string) => ({
    id: ++id,
    name,
    firm: "A firm with a long name",
    score: 50,
    action: "follow_up" as const,
    relationship_status: "contacted",
    signal_red_flag: null,
  });
  it("says their follow-ups first, and gives up the team's names before theirs to stay within two segments", () => {
    const long = (n: number) => investor(`${"Ñame".repeat(6)} ${n}`);
    const digest = composeDigest(
      {
        tracked: 300,
        emailFirst: [long(1), long(2), long(3)],
        emailFirstCount: 40,
        followUps: 90,
        dontChase: [long(4), long(5), long(6)],
        dontChaseCount: 30,
        yours: { followUps: [long(7), long(8), long(9)], count: 12 },
      },
      { date: "2026-12-02" },
    );
    expect(digest.text).toMatch(/^Pipeline 2 Dec: Your follow-ups: Name/);
    expect(digest.text).toContain("+9 more.");
    expect(gsm7Length(digest.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
  });
  it("says when none of theirs is due", () => {
    const digest = composeDigest({
      tracked: 3,
      emailFirst: [],
      emailFirstCount: 0,
      followUps: 2,
      dontChase: [],
      dontChaseCount: 0,
      yours: { followUps: [], count: 0 },
    });
    expect(digest.text).toContain("Your follow-ups: none due.");
  });
});

describe("a name GSM-7 writes as it is", () => {
  it("is named in GSM-7, and the names listed are the ones the text uses (fast-check seed 1318492232)", () => {
    const investor = (id: number, name: string, action: "email_first" | "dont_chase", score = 0) => ({
      id,
      name,
      firm: null,
      score,
      action,
      relationship_status: "not_contacted" as const,
      signal_red_flag: null,
    });
    const digest = buildDigest([
      investor(1, "Ψ", "email_first", 2),
      investor(2, "Zoë Ångström", "email_first", 1),
      investor(3, "𐀀𐀀𐀀𐀀", "dont_chase", 1),
    ]);
    expect(isGsm7(digest.text)).toBe(false); // the Linear B name is wanted as written
    expect(digest.text).toContain("𐀀𐀀𐀀𐀀");
    const gsm = buildDigest([investor(1, "Ψ", "email_first", 2), investor(2, "Zoë Ångström", "email_first", 1)]);
    expect(isGsm7(gsm.text)).toBe(true);
    for (const name of gsm.emailFirst) expect(isGsm7(name)).toBe(true);
  });
});
