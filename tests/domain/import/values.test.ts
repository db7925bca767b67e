import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { guessStatus } from "#app/domain/import/status-words.ts";
import { askedSentence, chosenSentence } from "#app/domain/import/value-table.ts";
import { SMALL_SHEET } from "#tests/helpers/founder-sheets.ts";
import { choiceKey, guessStages, NO_CHOICES, resolveValue, valueKey } from "#app/domain/import/values.ts";

describe("a tracker's status words (decision 052)", () => {
  it.each([
    ["Call booked", { status: "meeting_scheduled" }],
    ["First call", { status: "meeting_scheduled" }],
    ["3. Meeting booked", { status: "meeting_scheduled" }],
    ["Meeting", { status: "meeting_scheduled" }],
    ["In DD", { status: "due_diligence" }],
    ["🟢 In DD", { status: "due_diligence" }],
    ["Term sheet", { status: "soft_committed" }],
    ["Follow up", { status: "contacted" }],
    ["Follow-up", { status: "contacted" }],
    ["Following up", { status: "contacted" }],
    ["Needs follow up", { status: "contacted" }],
    ["Soft yes", { status: "soft_committed" }],
    ["Verbal", { status: "soft_committed" }],
    ["Passed - too early", { status: "passed", pass_reason: "too_early" }],
    ["Passed (wrong sector)", { status: "passed", pass_reason: "not_our_sector" }],
    ["Pass – fund deployed", { status: "passed", pass_reason: "timing" }],
    ["Declined", { status: "passed" }],
    ["Emailed", { status: "contacted" }],
    ["Reached out", { status: "contacted" }],
    ["Intro requested", { status: "intro_requested" }],
    ["Waiting on intro", { status: "intro_requested" }],
    ["In talks", { status: "in_conversation" }],
    ["Not contacted", { status: "not_contacted" }],
    ["No fit", { status: "not_a_fit" }],
    ["Committed ✅", { status: "committed" }],
    ["Closed won", { status: "committed" }],
    ["Closed lost", { status: "passed" }],
    // Spanish, Portuguese, German, the Nordic languages, Japanese.
    ["Reunión agendada", { status: "meeting_scheduled" }],
    ["no contactado", { status: "not_contacted" }],
    ["Contactado", { status: "contacted" }],
    ["Em conversa", { status: "in_conversation" }],
    ["Recusou", { status: "passed" }],
    ["Termin vereinbart", { status: "meeting_scheduled" }],
    ["Im Gespräch", { status: "in_conversation" }],
    ["Abgelehnt", { status: "passed" }],
    ["Kontaktet", { status: "contacted" }],
    ["Møte booket", { status: "meeting_scheduled" }],
    ["Tackat nej – för tidigt", { status: "passed", pass_reason: "too_early" }],
    ["検討中", { status: "in_conversation" }],
    ["見送り", { status: "passed" }],
  ])("%j is %j", (words, guess) => {
    expect(guessStatus(words)).toEqual(guess);
  });

  it.each(["Ghosted", "No reply", "went dark", "Sin respuesta", "Keine Antwort", "Inget svar"])("asks the founder about %j", (words) => {
    expect(guessStatus(words)).toEqual({ ask: "silence" });
  });

  it.each(["Parked", "On hold", "xyz"])("does not guess %j", (words) => {
    expect(guessStatus(words)).toBeUndefined();
  });

  it("reads any text in time linear in its length, and never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const guess = guessStatus(text);
        expect(guess === undefined || typeof guess === "object").toBe(true);
      }),
    );
    // Cut at 120 characters before any pattern runs: a megabyte costs what 120 characters do.
    expect(guessStatus("In DD ".repeat(200_000))).toEqual(guessStatus("In DD ".repeat(20)));
  });
});

describe("stage words as databases write them", () => {
  it.each([
    ["Seed+", ["seed", "series_a"]],
    ["2. Prototype", ["pre_seed"]],
    ["Early revenue", ["seed"]],
    ["Idea Prototype Early Revenue", ["pre_seed", "seed"]],
    ["Pre-IPO", ["series_b_plus"]],
    ["Series A", ["series_a"]],
    ["Banana", []],
  ])("%j is %j", (item, stages) => {
    expect(guessStages(item)).toEqual(stages);
  });
});

describe("the values of a file", () => {
  it("lists each distinct value with its count, those to choose first, and never imports one nobody decided", () => {
    const parsed = parseInvestorCsv(SMALL_SHEET);
    const statuses = parsed.values?.find((column) => column.field === "relationship_status");
    expect(statuses?.values.slice(0, 2).map((value) => [value.shown, value.count, value.source])).toEqual([
      ["Ghosted", 2, "silence"],
      ["Parked", 1, "unknown"],
    ]);
    expect(askedSentence(parsed.values)).toBe("2 statuses need your choice: choose what each means under “Values”, then import.");
    const byName = new Map(parsed.rows.map((row) => [row.profile.name, row]));
    expect(byName.get("Sara Lindqvist")?.relationship_status).toBe("meeting_scheduled");
    expect(byName.get("Sara Lindqvist")?.profile.stages).toEqual(["seed", "series_a"]);
    expect(byName.get("Mikkel Dahl")?.relationship_status).toBe("soft_committed");
    expect(byName.get("Ana Ruiz")?.relationship_status).toBe("passed");
    expect(byName.get("Ana Ruiz")?.pass_reason).toBe("too_early");
    expect(byName.get("Lena Ek")?.relationship_status).toBe("due_diligence");
    // "+3" is a database's "and more", no stage and no question.
    expect(parsed.values?.find((column) => column.field === "stages")?.asked).toBe(0);
    // Undecided: left out with the reason, never "not contacted".
    expect(byName.get("Jonas Berg")?.relationship_status).toBeUndefined();
    expect(byName.get("Jonas Berg")?.skipped[0]?.reason).toContain("needs your choice: contacted (a follow-up is due) or passed?");
  });

  it("takes the founder's choices and counts them", () => {
    const chosen = new Map([
      [choiceKey("relationship_status", valueKey("Ghosted")), "passed:no_reason_given"],
      [choiceKey("relationship_status", valueKey("Parked")), "researching"],
    ]);
    const parsed = parseInvestorCsv(SMALL_SHEET, { values: { chosen, remembered: new Map() } });
    expect(askedSentence(parsed.values)).toBe("");
    const byName = new Map(parsed.rows.map((row) => [row.profile.name, row]));
    expect(byName.get("Jonas Berg")?.relationship_status).toBe("passed");
    expect(byName.get("Jonas Berg")?.pass_reason).toBe("no_reason_given");
    expect(byName.get("Tom Holm")?.relationship_status).toBe("researching");
    expect(chosenSentence(parsed.rows)).toBe("3 statuses mapped by you");
  });

  it("uses a remembered choice, and the founder's choice over it", () => {
    const key = choiceKey("relationship_status", valueKey("Ghosted"));
    const remembered = new Map([[key, "contacted"]]);
    expect(resolveValue("relationship_status", "ghosted", { chosen: new Map(), remembered })).toEqual({
      choice: "contacted",
      source: "remembered",
    });
    expect(resolveValue("relationship_status", "GHOSTED", { chosen: new Map([[key, "passed"]]), remembered })).toEqual({
      choice: "passed",
      source: "you",
    });
    expect(resolveValue("relationship_status", "Ghosted", NO_CHOICES)).toEqual({ ask: "silence" });
  });

  it("a choice that is no word of the field is ignored", () => {
    const chosen = new Map([[choiceKey("relationship_status", valueKey("Parked")), "drop table"]]);
    expect(resolveValue("relationship_status", "Parked", { chosen, remembered: new Map() })).toEqual({ ask: "unknown" });
  });
});

describe("a currency column's values", () => {
  const CSV = ["Investor,Ticket,Currency", "Sara Lind,5m,NOK", "Per Berg,2m,kr", "Ana Ruiz,300k,€", "Ola Dahl,1m,kr"].join("\n");

  it("guesses codes and signs, asks which krone 'kr' is, and takes the founder's answer for every row", () => {
    const parsed = parseInvestorCsv(CSV);
    const column = parsed.values?.find((candidate) => candidate.field === "check_currency");
    expect(column?.values.map((value) => [value.shown, value.count, value.choice])).toEqual([
      ["kr", 2, ""],
      ["NOK", 1, "NOK"],
      ["€", 1, "EUR"],
    ]);
    expect(askedSentence(parsed.values)).toBe("1 cheque currency needs your choice: choose what it means under “Values”, then import.");
    expect(parsed.rows.find((row) => row.profile.name === "Per Berg")?.check_currency).toBeUndefined();

    const chosen = new Map([[choiceKey("check_currency", valueKey("kr", "check_currency")), "NOK"]]);
    const answered = parseInvestorCsv(CSV, { values: { chosen, remembered: new Map() } });
    expect(askedSentence(answered.values)).toBe("");
    const cheques = answered.rows.map((row) => [row.profile.name, row.profile.check_min, row.check_currency]);
    expect(cheques).toEqual([
      ["Sara Lind", 5_000_000, "NOK"],
      ["Per Berg", 2_000_000, "NOK"],
      ["Ana Ruiz", 300_000, "EUR"],
      ["Ola Dahl", 1_000_000, "NOK"],
    ]);
    expect(chosenSentence(answered.rows)).toBe("2 cheque currencies mapped by you");
  });
});
