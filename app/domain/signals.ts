/**
 * The refresh's only way to write an investor: the four signal columns and the time they were
 * checked. The user-owned columns are `never` here, so a refresh that tried to set one would
 * not compile (tests/domain/signals.test.ts holds the proof, checked by `npm run typecheck`).
 */
export type SignalWrite = {
  signalActivity: number | null;
  signalFit: number | null;
  signalHook: string | null;
  signalHookEvidenceId: number | null;
  signalRedFlag: string | null;
  signalsCheckedAt: string;
  relationshipStatus?: never;
  lastContactDate?: never;
  personalNotes?: never;
  amount?: never;
  amountCurrency?: never;
  amountStartupId?: never;
  nextStep?: never;
  nextStepDate?: never;
  meetingDate?: never;
  passReason?: never;
  passNote?: never;
};

/** Copies exactly the signal columns, so extra properties on a wider object are never written. */
export function signalColumns(write: SignalWrite) {
  return {
    signalActivity: write.signalActivity,
    signalFit: write.signalFit,
    signalHook: write.signalHook,
    signalHookEvidenceId: write.signalHookEvidenceId,
    signalRedFlag: write.signalRedFlag,
    signalsCheckedAt: write.signalsCheckedAt,
  };
}
