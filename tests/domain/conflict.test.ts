import { describe, expect, it } from "vitest";
import {
  agoWords,
  changedParts,
  clashValues,
  clashingChanges,
  groupValueWords,
  versionFromForm,
  versionFromIfMatch,
  versionTag,
} from "#app/domain/conflict.ts";
import { type ActivityEntry, profileChanges, userOwnedChanges } from "#app/domain/people.ts";

describe("which changes clash (decision 063)", () => {
  const status: ActivityEntry = {
    kind: "status",
    detail: { from: { relationshipStatus: "contacted" }, to: { relationshipStatus: "due_diligence" } },
  };
  const notes: ActivityEntry = { kind: "notes", detail: { to: { personalNotes: "x" } } };
  const website: ActivityEntry = { kind: "profile", detail: { fields: ["website"] } };
  const contact: ActivityEntry = { kind: "contact", detail: { note: "Called" } };

  it("names a user-owned group by its kind and a profile change by its fields; a contact changes nothing another write holds", () => {
    expect(changedParts(status)).toEqual(["status"]);
    expect(changedParts({ kind: "profile", detail: { fields: ["website", "check_min"] } })).toEqual([
      "profile:website",
      "profile:check_min",
    ]);
    expect(changedParts(contact)).toEqual([]);
  });

  it("refuses only what a newer change touched: same group or same profile field", () => {
    expect(clashingChanges([status, notes], [status])).toEqual([status]);
    expect(clashingChanges([status], [notes])).toEqual([]);
    expect(clashingChanges([website], [{ kind: "profile", detail: { fields: ["firm"] } }])).toEqual([]);
    expect(clashingChanges([website], [{ kind: "profile", detail: { fields: ["firm", "website"] } }])).toEqual([website]);
    expect(clashingChanges([status, website], [contact])).toEqual([]);
  });

  it("shows both values: what is saved now and what the refused edit asked", () => {
    const mine = [
      ...userOwnedChanges(
        { relationshipStatus: "due_diligence", personalNotes: "theirs" },
        { relationshipStatus: "passed", personalNotes: "mine" },
      ),
      ...profileChanges({ website: "https://a.example" }, { website: "https://b.example" }),
    ];
    const values = clashValues(
      mine,
      [status, notes, website],
      { row: { personalNotes: "theirs" }, json: { website: "https://a.example" }, asked: { website: "https://b.example" } },
      (group, v) => groupValueWords(group, v),
    );
    expect(values).toEqual([
      { label: "Relationship status", theirs: "Due diligence", yours: "Passed" },
      { label: "Private notes", theirs: "theirs", yours: "mine" },
      { label: "Website", theirs: "https://a.example", yours: "https://b.example" },
    ]);
  });

  it("reads If-Match and the form's version, and writes the ETag", () => {
    expect(versionTag(7)).toBe('"7"');
    expect(versionFromIfMatch(null)).toBeUndefined();
    expect(versionFromIfMatch("*")).toBeUndefined();
    expect(versionFromIfMatch('"7"')).toBe(7);
    expect(versionFromIfMatch('W/"12"')).toBe(12);
    expect(versionFromIfMatch("7")).toBe("invalid");
    expect(versionFromIfMatch('"7", "8"')).toBe("invalid");
    expect(versionFromForm("3")).toBe(3);
    expect(versionFromForm("")).toBeUndefined();
    expect(versionFromForm(null)).toBeUndefined();
  });

  it("says when in words", () => {
    const now = new Date("2026-12-02T12:00:00Z");
    expect(agoWords("2026-12-02T11:59:50Z", now)).toBe("just now");
    expect(agoWords("2026-12-02T11:58:00Z", now)).toBe("2 minutes ago");
    expect(agoWords("2026-12-02T09:00:00Z", now)).toBe("3 hours ago");
    expect(agoWords("2026-12-01T12:00:00Z", now)).toBe("yesterday");
  });

  it("words a group's values as the form shows them", () => {
    expect(groupValueWords("amount", { amount: 250000, amountCurrency: "EUR", amountStartupId: 3 })).toBe("250000 EUR");
    expect(groupValueWords("next_step", { nextStep: "Send deck", nextStepDate: "2026-12-09" })).toBe("Send deck by 2026-12-09");
    expect(groupValueWords("pass_reason", { passReason: null, passNote: null })).toBe("(empty)");
  });
});
