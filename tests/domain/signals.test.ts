import { describe, expect, it } from "vitest";
import { type SignalWrite, signalColumns } from "#app/domain/signals.ts";

const base: SignalWrite = {
  signalActivity: 70,
  signalFit: null,
  signalHook: "Led a seed round on 3 Nov",
  signalHookEvidenceId: 4,
  signalRedFlag: null,
  signalsCheckedAt: "2026-11-22T07:00:00.000Z",
};

describe("the refresh's write path", () => {
  it("cannot express a user-owned column (a compile-time check)", () => {
    // @ts-expect-error relationship_status is user-owned: a refresh may not write it.
    const status: SignalWrite = { ...base, relationshipStatus: "passed" };
    // @ts-expect-error last_contact_date is user-owned.
    const contact: SignalWrite = { ...base, lastContactDate: "2026-11-01" };
    // @ts-expect-error personal_notes is user-owned.
    const notes: SignalWrite = { ...base, personalNotes: "x" };
    // @ts-expect-error the money and the next step are user-owned (docs/product.md#the-round).
    const amount: SignalWrite = { ...base, amount: 250_000 };
    // @ts-expect-error
    const nextStep: SignalWrite = { ...base, nextStep: "Send the deck" };
    // @ts-expect-error
    const passReason: SignalWrite = { ...base, passReason: "timing" };
    // The check is tsc's (npm run typecheck fails if an @ts-expect-error above is not an error).
    void [status, contact, notes, amount, nextStep, passReason];
  });

  it("copies exactly the signal columns, even from a wider object", () => {
    const wider = {
      ...base,
      relationshipStatus: "passed",
      personalNotes: "x",
      score: 100,
      amount: 5,
      nextStep: "x",
      passReason: "timing",
    } as unknown as SignalWrite;
    expect(Object.keys(signalColumns(wider)).sort()).toEqual(
      ["signalActivity", "signalFit", "signalHook", "signalHookEvidenceId", "signalRedFlag", "signalsCheckedAt"].sort(),
    );
  });
});
