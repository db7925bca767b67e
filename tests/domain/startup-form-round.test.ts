import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { toUsd } from "#app/domain/currency.ts";
import { founderErrors } from "#app/domain/form-messages.ts";
import { STARTUP_FORM_WORDS, startupFormSchema } from "#app/domain/startup-forms.ts";

function submit(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name: "Fjordpay",
    pitch: "Payments for Nordic SMEs.",
    sector: "fintech",
    stage: "seed",
    ...fields,
  }))
    form.set(key, value);
  return parseWithZod(form, { schema: startupFormSchema, ...founderErrors(STARTUP_FORM_WORDS) });
}

/** The new-startup form's round size in the founder's currency (a walkthrough: "NOK 20m" was refused as "must be an amount in US dollars"). */
describe("a new startup's round size, in its own currency", () => {
  it("keeps NOK 20m as written and drafts the rubric from its value in US dollars", () => {
    const submission = submit({ round_size: "NOK 20m", round_currency: "USD" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.round).toEqual({ amount: 20_000_000, currency: "NOK" });
    expect(submission.value.input.round_size).toBe(Math.round(toUsd(20_000_000, "NOK") ?? 0));
    expect(submission.value.input.round_size).toBeLessThan(20_000_000 / 5);
  });

  it("reads a bare amount in the select's currency, and in US dollars by default", () => {
    const euros = submit({ round_size: "1.5m", round_currency: "EUR" });
    expect(euros.status === "success" && euros.value.round).toEqual({ amount: 1_500_000, currency: "EUR" });
    const dollars = submit({ round_size: "2m" });
    expect(dollars.status === "success" && dollars.value).toEqual(
      expect.objectContaining({ round: { amount: 2_000_000, currency: "USD" }, input: expect.objectContaining({ round_size: 2_000_000 }) }),
    );
  });

  it("leaves the round unset when the size is blank, and refuses a size of nothing or of words", () => {
    const blank = submit({ round_size: "" });
    expect(blank.status === "success" && blank.value.round).toBeNull();
    expect(submit({ round_size: "0" }).reply().error).toEqual({ round_size: ["Round size must be an amount like 2m, €1.5m or NOK 20m"] });
    expect(submit({ round_size: "a lot" }).reply().error).toEqual({
      round_size: ["Round size must be an amount like 2m, €1.5m or NOK 20m"],
    });
  });
});
