import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { founderErrors } from "#app/domain/form-messages.ts";
import { INVESTOR_EDIT_WORDS, investorEditFormSchema } from "#app/domain/investor-edit.ts";

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
    expect(editErrors({ ...untouched, relationship_status: "passed" }).value?.relationship_status).toBe("passed");
  });

  it("passes a contact with a note through, channel and date optional", () => {
    expect(editErrors({ ...untouched, "add_contact.note": " Called " }).value?.add_contact).toEqual({ note: "Called", date: undefined, channel: undefined });
    expect(editErrors({ ...untouched, "add_contact.note": "Met", "add_contact.date": "2026-11-20", "add_contact.channel": "coffee" }).value?.add_contact).toEqual({
      note: "Met",
      date: "2026-11-20",
      channel: "coffee",
    });
  });

  it("says what to fix in the founder's words", () => {
    expect(editErrors({ ...untouched, "add_contact.channel": "email" }).errors).toEqual({ "add_contact.note": ["Write a note for the contact"] });
    expect(editErrors({ ...untouched, "add_contact.date": "2026-11-20" }).errors).toEqual({ "add_contact.note": ["Write a note for the contact"] });
    expect(editErrors({ ...untouched, last_contact_date: "2026-02-30" }).errors).toEqual({ last_contact_date: ["Enter a date like 2026-11-23"] });
    expect(editErrors({ ...untouched, last_contact_date: "23/11/2026" }).errors).toEqual({ last_contact_date: ["Enter a date like 2026-11-23"] });
    expect(editErrors({ ...untouched, "add_contact.note": "x", "add_contact.date": "soon" }).errors).toEqual({ "add_contact.date": ["Enter a date like 2026-11-23"] });
    expect(editErrors({ ...untouched, relationship_status: "best_friends" }).errors).toEqual({ relationship_status: ["Choose relationship status from the list"] });
    expect(editErrors({ ...untouched, personal_notes: "x".repeat(10_001) }).errors).toEqual({ personal_notes: ["Private notes must be at most 10,000 characters"] });
    expect(editErrors({ ...untouched, score: "100" }).errors).toEqual({ "": ["This form sent something the app does not expect. Reload the page and try again."] });
  });

  it("never shows zod's own text, whatever is typed", () => {
    const samples = ["", " ", "x", "2026-13-40", "9".repeat(3_000), "javascript:alert(1)"];
    for (const value of samples) {
      for (const field of ["relationship_status", "last_contact_date", "personal_notes", "add_contact.date", "add_contact.channel", "add_contact.note"]) {
        const result = editErrors({ ...untouched, [field]: value });
        for (const messages of Object.values(result.errors ?? {})) for (const message of messages ?? []) expect(message).not.toMatch(RAW_ZOD);
      }
    }
  });
});
