import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RELATIONSHIP_STATUSES, investorEditSchema } from "#app/domain/investor.ts";
import { USER_OWNED_COLUMNS, editFromForm, investorEditFormSchema, laterDate, userOwnedPatch } from "#app/domain/investor-edit.ts";
import { roundFormSchema } from "#app/domain/round-input.ts";

const date = fc
  .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const editArb = fc.record(
  {
    relationship_status: fc.constantFrom(...RELATIONSHIP_STATUSES),
    last_contact_date: fc.option(date, { nil: null }),
    add_contact: fc.record(
      {
        date: date,
        channel: fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() !== ""),
        note: fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ""),
      },
      { requiredKeys: ["note"] },
    ),
    personal_notes: fc.option(fc.string({ maxLength: 100 }), { nil: null }),
  },
  { requiredKeys: [] },
);

describe("the edit write path", () => {
  it("never writes anything but the user-owned columns", () => {
    fc.assert(
      fc.property(editArb, (raw) => {
        const edit = investorEditSchema.parse(raw);
        const patch = userOwnedPatch(edit);
        for (const key of Object.keys(patch)) expect(USER_OWNED_COLUMNS).toContain(key);
        const signals = { signalActivity: 40, signalFit: 70, signalHook: "hook", signalRedFlag: null, signalsCheckedAt: "2026-11-01" };
        const after = { ...signals, ...patch };
        expect({
          signalActivity: after.signalActivity,
          signalFit: after.signalFit,
          signalHook: after.signalHook,
          signalRedFlag: after.signalRedFlag,
          signalsCheckedAt: after.signalsCheckedAt,
        }).toEqual(signals);
      }),
      { numRuns: 1_000 },
    );
  });

  it("refuses every signal and derived key by name", () => {
    for (const key of [
      "signal_activity",
      "signal_fit",
      "signal_hook",
      "signal_red_flag",
      "signals_checked_at",
      "score",
      "action",
      "is_demo",
    ]) {
      const result = investorEditSchema.safeParse({ [key]: 1 });
      expect(result.success, key).toBe(false);
    }
  });

  it("treats blank notes as cleared and moves the last contact forward only", () => {
    expect(userOwnedPatch({ personal_notes: "   " })).toEqual({ personalNotes: null });
    expect(userOwnedPatch({ add_contact: { note: "call", date: "2026-11-02" } })).toEqual({ lastContactDate: "2026-11-02" });
    // The form always sends the date field: an emptied field plus a dated contact still moves it forward.
    expect(userOwnedPatch({ last_contact_date: null, add_contact: { note: "call", date: "2026-11-02" } }, "2026-10-01")).toEqual({
      lastContactDate: "2026-11-02",
    });
    // An older contact never moves the saved date back.
    expect(userOwnedPatch({ add_contact: { note: "old call", date: "2026-09-01" } }, "2026-10-01")).toEqual({
      lastContactDate: "2026-10-01",
    });
    expect(userOwnedPatch({ last_contact_date: "2026-11-05", add_contact: { note: "x", date: "2026-11-02" } }, null)).toEqual({
      lastContactDate: "2026-11-05",
    });
    expect(laterDate("2026-11-10", "2026-11-02")).toBe("2026-11-10");
    expect(laterDate("2026-11-01", "2026-11-02")).toBe("2026-11-02");
    expect(laterDate(null, "2026-11-02")).toBe("2026-11-02");
  });

  it("turns the page's form into an edit of only the fields the founder changed", () => {
    const original = { relationship_status: "contacted", last_contact_date: "2026-11-01", personal_notes: "Old" };
    // Nothing changed: nothing is written, not even the notes someone else edited meanwhile.
    expect(editFromForm({ relationship_status: "contacted", last_contact_date: "2026-11-01", personal_notes: "Old" }, original)).toEqual({
      relationship_status: undefined,
      last_contact_date: undefined,
      personal_notes: undefined,
    });
    // An emptied field clears it; a changed one is written; a contact passes through.
    expect(
      editFromForm({ relationship_status: "in_conversation", personal_notes: "Old", add_contact: { note: "call" } }, original),
    ).toEqual({
      relationship_status: "in_conversation",
      last_contact_date: null,
      personal_notes: undefined,
      add_contact: { note: "call" },
    });
    // Without originals (an old page), every field counts as changed.
    expect(editFromForm({ relationship_status: "passed" }, {})).toEqual({
      relationship_status: "passed",
      last_contact_date: null,
      personal_notes: null,
    });
  });
});

describe("the money and the next step", () => {
  it("are written as user-owned columns, blanks cleared", () => {
    const edit = investorEditSchema.parse({
      amount: 250_000,
      amount_currency: "EUR",
      next_step: "  Send the data room ",
      next_step_date: "2026-12-01",
      meeting_date: null,
      pass_reason: "timing",
      pass_note: "  ",
    });
    expect(userOwnedPatch(edit)).toEqual({
      amount: 250_000,
      amountCurrency: "EUR",
      nextStep: "Send the data room",
      nextStepDate: "2026-12-01",
      meetingDate: null,
      passReason: "timing",
      passNote: null,
    });
  });

  it("refuses a negative or fractional amount, an unknown currency, a long next step and an unknown reason", () => {
    for (const body of [
      { amount: -1 },
      { amount: 1.5 },
      { amount_currency: "XYZ" },
      { next_step: "x".repeat(201) },
      { next_step_date: "2026-02-30" },
      { meeting_date: "tomorrow" },
      { pass_reason: "bored" },
    ]) {
      expect(investorEditSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it("asks the page's form why an investor became passed, and not one already passed", () => {
    const becoming = investorEditFormSchema.safeParse({ relationship_status: "passed", original: { relationship_status: "contacted" } });
    expect(becoming.success).toBe(false);
    expect(becoming.error?.issues[0]?.path).toEqual(["pass_reason"]);
    expect(
      investorEditFormSchema.safeParse({
        relationship_status: "passed",
        pass_reason: "too_early",
        original: { relationship_status: "contacted" },
      }).success,
    ).toBe(true);
    expect(investorEditFormSchema.safeParse({ relationship_status: "passed", original: { relationship_status: "passed" } }).success).toBe(
      true,
    );
  });

  it("reads the amount as people type it and writes only changed money fields", () => {
    const parsed = investorEditFormSchema.parse({ amount: "$250k", amount_currency: "USD", next_step: "Call" });
    expect(parsed.amount).toBe(250_000);
    const original = { amount: "250000", amount_currency: "USD", next_step: "" };
    expect(editFromForm(parsed, original)).toMatchObject({ amount: undefined, amount_currency: undefined, next_step: "Call" });
    // A field emptied on the form clears it; one the form did not show is left alone.
    expect(editFromForm({ amount_currency: "USD" }, original)).toMatchObject({ amount: null, pass_reason: undefined });
  });

  it("accepts whatever the import accepts: '€300k' and 'NOK 5m', the currency written winning over the select", () => {
    // Before decision 054 the form read only "$250k"-style dollars: "€300k" was refused though the import took it.
    expect(investorEditFormSchema.parse({ amount: "€300k", amount_currency: "USD" })).toMatchObject({
      amount: 300_000,
      amount_currency: "EUR",
    });
    expect(investorEditFormSchema.parse({ amount: "NOK 5m", amount_currency: "USD" })).toMatchObject({
      amount: 5_000_000,
      amount_currency: "NOK",
    });
    expect(investorEditFormSchema.parse({ amount: "5m NOK" })).toMatchObject({ amount: 5_000_000, amount_currency: "NOK" });
    expect(investorEditFormSchema.parse({ amount: "250,000", amount_currency: "SEK" })).toMatchObject({
      amount: 250_000,
      amount_currency: "SEK",
    });
    // One amount, not a range; nor words.
    for (const bad of ["NOK 1-2m", "lots", "kr 5m"]) expect(investorEditFormSchema.safeParse({ amount: bad }).success, bad).toBe(false);
    const edit = editFromForm(investorEditFormSchema.parse({ amount: "NOK 5m", amount_currency: "USD" }), {
      amount: "",
      amount_currency: "USD",
    });
    expect(userOwnedPatch(edit)).toMatchObject({ amount: 5_000_000, amountCurrency: "NOK" });
  });

  it("reads the round form's target in any currency, and keeps the cap in the round's", () => {
    const parsed = roundFormSchema.parse({ target: "NOK 30m", currency: "USD", valuation_cap: "120m" });
    expect(parsed.body).toMatchObject({ target: 30_000_000, currency: "NOK", valuation_cap: 120_000_000 });
    expect(roundFormSchema.parse({ target: "€1.5m" }).body).toMatchObject({ target: 1_500_000, currency: "EUR" });
    expect(roundFormSchema.safeParse({ target: "NOK 30m", valuation_cap: "$10m" }).success).toBe(false);
  });

  it("reads whose round the amount is for: a startup's id, or empty for the round raising now", () => {
    const chosen = investorEditFormSchema.parse({ amount_startup_id: "7", original: { amount_startup_id: "" } });
    expect(editFromForm(chosen, { amount_startup_id: "" })).toMatchObject({ amount_startup_id: 7 });
    expect(userOwnedPatch(editFromForm(chosen, { amount_startup_id: "" }))).toMatchObject({ amountStartupId: 7 });
    // Back to "the round raising now" (the empty option) clears it; unchanged writes nothing; a page without the select leaves it.
    expect(editFromForm({}, { amount_startup_id: "7" })).toMatchObject({ amount_startup_id: null });
    expect(editFromForm(chosen, { amount_startup_id: "7" }).amount_startup_id).toBeUndefined();
    expect(editFromForm({}, {}).amount_startup_id).toBeUndefined();
    for (const bad of ["0", "-1", "abc", "1.5"])
      expect(investorEditFormSchema.safeParse({ amount_startup_id: bad }).success, bad).toBe(false);
    expect(investorEditSchema.safeParse({ amount_startup_id: "7" }).success).toBe(false);
    expect(investorEditSchema.parse({ amount_startup_id: null })).toEqual({ amount_startup_id: null });
  });
});

describe("control characters in the next step and the pass note", () => {
  // A pass note of "a\u0000b\u0007c\u001b[31m\u202e" was saved as sent (PATCH /api/investors/:id),
  // then shown on the board, Today and the export: U+202E reverses what follows it on screen.
  const hostile = "Send\u0000 the\u0007 deck\u001b[31m \u202eemit\u202c now\u0085";

  it("keeps a next step to one plain line, through the API and the form", () => {
    expect(investorEditSchema.parse({ next_step: hostile }).next_step).toBe("Send the deck[31m emit now");
    expect(investorEditSchema.parse({ next_step: "Call\nthem\r\nback" }).next_step).toBe("Call them back");
    expect(investorEditFormSchema.parse({ next_step: hostile }).next_step).toBe("Send the deck[31m emit now");
  });

  it("keeps a pass note's lines and drops every other control", () => {
    expect(investorEditSchema.parse({ pass_note: `${hostile}\nToo early` }).pass_note).toBe("Send the deck[31m emit now\nToo early");
    expect(investorEditFormSchema.parse({ pass_note: "Too\r\nearly\u0000" }).pass_note).toBe("Too\nearly");
  });

  it("a note of controls alone is blank, so it clears", () => {
    expect(investorEditSchema.parse({ pass_note: "\u0000\u202e" }).pass_note).toBe("");
  });
});
