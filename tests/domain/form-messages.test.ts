import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { founderErrors } from "#app/domain/form-messages.ts";
import { INVESTOR_EDIT_WORDS, investorEditFormSchema } from "#app/domain/investor-edit.ts";
import { INVESTOR_FORM_WORDS, investorFormSchema } from "#app/domain/investor-form.ts";
import { RUBRIC_WEIGHT_KEYS } from "#app/domain/rubric/schema.ts";
import { RUBRIC_FORM_WORDS, STARTUP_FORM_WORDS, rubricFormSchema, startupFormSchema } from "#app/domain/startup-forms.ts";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const RAW_ZOD = /Invalid input|Too small|Too big|expected|received|Unrecognized key/;

/** What the investor page's form shows for these fields (the browser and the action run this). */
function editErrors(fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema: investorEditFormSchema, ...founderErrors(INVESTOR_EDIT_WORDS) });
  return submission.status === "success" ? { value: submission.value } : { errors: submission.reply().error };
}

const untouched = {
  relationship_status: "contacted",
  last_contact_date: "2026-11-01",
  personal_notes: "",
  "add_contact.date": "",
  "add_contact.channel": "",
  "add_contact.note": "",
  "original.relationship_status": "contacted",
  "original.last_contact_date": "2026-11-01",
  "original.personal_notes": "",
};

describe("the investor page's form", () => {
  it("accepts the original.* fields it carries, and an empty contact means no contact", () => {
    expect(editErrors(untouched)).toEqual({ value: { relationship_status: "contacted", last_contact_date: "2026-11-01" } });
    const passed = editErrors({ ...untouched, relationship_status: "passed", pass_reason: "timing" }).value;
    expect(passed?.relationship_status).toBe("passed");
    expect(passed?.pass_reason).toBe("timing");
  });

  it("passes a contact with a note through, channel and date optional", () => {
    expect(editErrors({ ...untouched, "add_contact.note": " Called " }).value?.add_contact).toEqual({
      note: "Called",
      date: undefined,
      channel: undefined,
    });
    expect(
      editErrors({ ...untouched, "add_contact.note": "Met", "add_contact.date": "2026-11-20", "add_contact.channel": "coffee" }).value
        ?.add_contact,
    ).toEqual({
      note: "Met",
      date: "2026-11-20",
      channel: "coffee",
    });
  });

  it("says what to fix in the founder's words", () => {
    expect(editErrors({ ...untouched, "add_contact.channel": "email" }).errors).toEqual({
      "add_contact.note": ["Write a note for the contact"],
    });
    expect(editErrors({ ...untouched, "add_contact.date": "2026-11-20" }).errors).toEqual({
      "add_contact.note": ["Write a note for the contact"],
    });
    expect(editErrors({ ...untouched, last_contact_date: "2026-02-30" }).errors).toEqual({
      last_contact_date: ["Enter a date like 2026-11-23"],
    });
    expect(editErrors({ ...untouched, last_contact_date: "23/11/2026" }).errors).toEqual({
      last_contact_date: ["Enter a date like 2026-11-23"],
    });
    expect(editErrors({ ...untouched, "add_contact.note": "x", "add_contact.date": "soon" }).errors).toEqual({
      "add_contact.date": ["Enter a date like 2026-11-23"],
    });
    expect(editErrors({ ...untouched, relationship_status: "best_friends" }).errors).toEqual({
      relationship_status: ["Choose relationship status from the list"],
    });
    expect(editErrors({ ...untouched, personal_notes: "x".repeat(10_001) }).errors).toEqual({
      personal_notes: ["Private notes must be at most 10,000 characters"],
    });
    expect(editErrors({ ...untouched, score: "100" }).errors).toEqual({
      "": ["This form sent something the app does not expect. Reload the page and try again."],
    });
  });

  it("never shows zod's own text, whatever is typed", () => {
    const samples = ["", " ", "x", "2026-13-40", "9".repeat(3_000), "javascript:alert(1)"];
    for (const value of samples) {
      for (const field of [
        "relationship_status",
        "last_contact_date",
        "personal_notes",
        "add_contact.date",
        "add_contact.channel",
        "add_contact.note",
      ]) {
        const result = editErrors({ ...untouched, [field]: value });
        for (const messages of Object.values(result.errors ?? {}))
          for (const message of messages ?? []) expect(message).not.toMatch(RAW_ZOD);
      }
    }
  });
});

function errorsOf(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  words: Parameters<typeof founderErrors>[0],
  fields: Record<string, string>,
) {
  const submission = parseWithZod(form(fields), { schema, ...founderErrors(words) });
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("the add-investor form", () => {
  const errors = (fields: Record<string, string>) => errorsOf(investorFormSchema, INVESTOR_FORM_WORDS, fields);
  it("says what to fix in the founder's words", () => {
    expect(errors({ name: "" })).toEqual({ name: ["Name is required"] });
    expect(errors({ name: "   " })).toEqual({ name: ["Name is required"] });
    expect(errors({ name: "Ada", website: "www.fund.com" })).toEqual({ website: ["Website must start with http:// or https://"] });
    expect(errors({ name: "Ada", linkedin_url: "javascript:alert(1)" })).toEqual({
      linkedin_url: ["LinkedIn must start with http:// or https://"],
    });
    expect(errors({ name: "Ada", email: "ada-at-fund" })).toEqual({ email: ["Enter an email address like name@fund.com"] });
    expect(errors({ name: "Ada", check_min: "lots" })).toEqual({
      check_min: ["Smallest check must be one amount like 250k, €250k or NOK 5m"],
    });
    expect(errors({ name: "Ada", check_min: "2m", check_max: "250k" })).toEqual({
      check_max: ["Largest check must be at least the smallest check"],
    });
    expect(errors({ name: "x".repeat(201) })).toEqual({ name: ["Name must be at most 200 characters"] });
    expect(errors({ name: "Ada", kind: "friend" })).toEqual({ kind: ["Choose kind from the list"] });
    expect(errors({ name: "Ada", check_min: "NOK 1m", check_max: "€2m" })).toEqual({ check_max: ["Write both checks in one currency"] });
  });

  it("reads a check in any currency, as the import does (decision 054)", () => {
    const parsed = investorFormSchema.parse({ name: "Ada", check_min: "NOK 1m", check_max: "5m" });
    expect(parsed).toMatchObject({ check_min: 1_000_000, check_max: 5_000_000, check_currency: "NOK" });
    expect(investorFormSchema.parse({ name: "Bo", check_min: "€300k" })).toMatchObject({ check_min: 300_000, check_currency: "EUR" });
    expect(investorFormSchema.parse({ name: "Cy", check_min: "250k" })).not.toHaveProperty("check_currency");
  });
});

describe("the startup forms", () => {
  it("add-startup names each missing field", () => {
    expect(errorsOf(startupFormSchema, STARTUP_FORM_WORDS, { stage: "seed" })).toEqual({
      name: ["Name is required"],
      pitch: ["Pitch is required"],
      sector: ["Sector is required"],
    });
    expect(
      errorsOf(startupFormSchema, STARTUP_FORM_WORDS, { name: "R", pitch: "P", sector: "S", stage: "seed", round_size: "a lot" }),
    ).toEqual({
      round_size: ["Round size must be an amount like 2m, €1.5m or NOK 20m"],
    });
  });

  it("the rubric editor says which number is wrong", () => {
    const valid: Record<string, string> = { email_first: "55", dont_chase: "20", sector_keywords: "climate", geographies: "" };
    for (const key of RUBRIC_WEIGHT_KEYS) valid[`weights.${key}`] = "5";
    const errors = (fields: Record<string, string>) => errorsOf(rubricFormSchema, RUBRIC_FORM_WORDS, { ...valid, ...fields });
    expect(errors({})).toEqual({});
    expect(errors({ "weights.sector": "11" })).toEqual({ "weights.sector": ["Sector weight must be a number from 0 to 10"] });
    expect(errors({ "weights.stage": "" })).toEqual({ "weights.stage": ["Stage weight must be a number from 0 to 10"] });
    expect(errors({ email_first: "150" })).toEqual({ email_first: ["Email first at score must be a number from 0 to 100"] });
    expect(errors({ dont_chase: "60" })).toEqual({ dont_chase: ["Don't chase under score must be below Email first at score"] });
    expect(errors({ check_min: "2m", check_max: "100k" })).toEqual({ check_min: ["Smallest check must not be above the largest check"] });
    expect(errors(Object.fromEntries(RUBRIC_WEIGHT_KEYS.map((key) => [`weights.${key}`, "0"])))).toEqual({
      weights: ["Set at least one weight above 0"],
    });
  });
});
