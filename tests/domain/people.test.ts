import { describe, expect, it } from "vitest";
import { activitySentence, memberActor, replayUserOwned, systemActor, actorName, userOwnedChanges } from "#app/domain/people.ts";

describe("the team's record of changes", () => {
  it("records one entry per group of user-owned columns that moved, with the values before and after", () => {
    const before = { relationshipStatus: "contacted", nextStep: "Send deck", nextStepDate: "2026-12-01", amount: null };
    const entries = userOwnedChanges(before, { relationshipStatus: "due_diligence", nextStep: "Send deck", amount: null });
    expect(entries).toEqual([
      { kind: "status", detail: { from: { relationshipStatus: "contacted" }, to: { relationshipStatus: "due_diligence" } } },
    ]);
  });

  it("keeps a group's untouched columns as they were, so a replay never loses them", () => {
    const entries = userOwnedChanges({ nextStep: "Send deck", nextStepDate: "2026-12-01" }, { nextStepDate: "2026-12-09" });
    expect(entries[0]?.detail.to).toEqual({ nextStep: "Send deck", nextStepDate: "2026-12-09" });
    expect(replayUserOwned({ nextStep: "Send deck", nextStepDate: "2026-12-01" }, entries)).toEqual({
      nextStep: "Send deck",
      nextStepDate: "2026-12-09",
    });
  });

  it("records nothing when nothing moved, and notes only by their new text", () => {
    expect(userOwnedChanges({ personalNotes: "a" }, { personalNotes: "a" })).toEqual([]);
    expect(userOwnedChanges({ personalNotes: "a" }, { personalNotes: "b" })).toEqual([
      { kind: "notes", detail: { to: { personalNotes: "b" } } },
    ]);
  });

  it("says in words who did what", () => {
    const jonas = memberActor({ id: 2, name: "Jonas", role: "member" });
    const [entry] = userOwnedChanges({ relationshipStatus: "contacted" }, { relationshipStatus: "due_diligence" });
    expect(activitySentence(entry!, actorName(jonas), "Fjord Climate")).toBe("Jonas moved Fjord Climate to Due diligence");
    expect(actorName(systemActor("visitor"))).toBe("A demo visitor");
    const owner = userOwnedChanges({ ownerMemberId: null }, { ownerMemberId: 3 })[0]!;
    expect(activitySentence(owner, "Maren", "Fjord Climate", { member: (id) => (id === 3 ? "Lena" : undefined) })).toBe(
      "Maren gave Fjord Climate to Lena",
    );
  });
});
