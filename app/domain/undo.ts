import type { RelationshipStatus } from "./vocabulary.ts";

/**
 * Undo for the one-click actions (decision 036): what an action recorded, and how much of it an
 * undo may take back. Pure: the rows come in, the patch goes out.
 */

/** How long an action can be undone (the page's "Undo" shows for seconds; the token lives this long). */
export const UNDO_MINUTES = 10;

/** A token as the server hands them out: 16 random bytes, base64url. Anything else is not looked up. */
const UNDO_TOKEN = /^[A-Za-z0-9_-]{22}$/;

export function isUndoToken(value: unknown): value is string {
  return typeof value === "string" && UNDO_TOKEN.test(value);
}

/**
 * One investor's share of an action: the entries it appended, each user-owned value it moved
 * (from → to), and the mail contacts it marked logged ("Log", "Log all"; absent for "Emailed").
 */
export type InvestorChange = {
  id: number;
  contactEntryIds: number[];
  mailContactIds?: number[];
  status?: { from: RelationshipStatus; to: RelationshipStatus };
  lastContactDate?: { from: string | null; to: string | null };
  /** The next step and its date, when the action answered "is it done, what is next?" (decision 053). */
  nextStep?: { from: NextStep; to: NextStep };
};

/** A next step as stored: its words and its date, either may be absent. */
export type NextStep = { text: string | null; date: string | null };

export type RecordedChange = { investors: InvestorChange[] };

type UserOwned = {
  relationshipStatus: RelationshipStatus;
  lastContactDate: string | null;
  nextStep?: string | null;
  nextStepDate?: string | null;
};

function stepOf(values: UserOwned): NextStep {
  return { text: values.nextStep ?? null, date: values.nextStepDate ?? null };
}

function sameStep(a: NextStep, b: NextStep): boolean {
  return a.text === b.text && a.date === b.date;
}

/** What an action did to one investor, from its values before and after (a value it left alone is not recorded). */
export function recordedChange(
  id: number,
  before: UserOwned,
  after: UserOwned,
  contactEntryIds: number[],
  mailContactIds: number[] = [],
): InvestorChange {
  return {
    id,
    contactEntryIds,
    ...(mailContactIds.length > 0 ? { mailContactIds } : {}),
    ...(before.relationshipStatus !== after.relationshipStatus
      ? { status: { from: before.relationshipStatus, to: after.relationshipStatus } }
      : {}),
    ...(before.lastContactDate !== after.lastContactDate
      ? { lastContactDate: { from: before.lastContactDate, to: after.lastContactDate } }
      : {}),
    ...(sameStep(stepOf(before), stepOf(after)) ? {} : { nextStep: { from: stepOf(before), to: stepOf(after) } }),
  };
}

/**
 * A later action of the same investor joined to one already recorded under the same token (the
 * next step answered after "Emailed", decision 053): one undo takes back both. Each value moved
 * goes from what the first action found to what the last one left.
 */
export function joinedChange(first: InvestorChange, then: InvestorChange): InvestorChange {
  const moved = <T>(a: { from: T; to: T } | undefined, b: { from: T; to: T } | undefined) =>
    a && b ? { from: a.from, to: b.to } : (a ?? b);
  const status = moved(first.status, then.status);
  const lastContactDate = moved(first.lastContactDate, then.lastContactDate);
  const nextStep = moved(first.nextStep, then.nextStep);
  const mailContactIds = [...(first.mailContactIds ?? []), ...(then.mailContactIds ?? [])];
  return {
    id: first.id,
    contactEntryIds: [...first.contactEntryIds, ...then.contactEntryIds],
    ...(mailContactIds.length > 0 ? { mailContactIds } : {}),
    ...(status ? { status } : {}),
    ...(lastContactDate ? { lastContactDate } : {}),
    ...(nextStep ? { nextStep } : {}),
  };
}

type UndoPatch = {
  relationshipStatus?: RelationshipStatus;
  lastContactDate?: string | null;
  nextStep?: string | null;
  nextStepDate?: string | null;
};

/**
 * The values an undo writes back: each only while it is still what the action set. A later edit
 * (another status, another date) is the founder's and stays. The last contact date also stays when
 * a contact kept in the history is dated on or after it: that contact, not the undone one, now
 * carries it.
 */
export function undoPatch(change: InvestorChange, current: UserOwned, keptContactDates: ReadonlyArray<string | null>): UndoPatch {
  const patch: UndoPatch = {};
  if (change.status && current.relationshipStatus === change.status.to) patch.relationshipStatus = change.status.from;
  if (change.nextStep && sameStep(stepOf(current), change.nextStep.to)) {
    patch.nextStep = change.nextStep.from.text;
    patch.nextStepDate = change.nextStep.from.date;
  }
  const moved = change.lastContactDate;
  if (moved && current.lastContactDate === moved.to) {
    const carried = moved.to !== null && keptContactDates.some((date) => date !== null && date >= moved.to!);
    if (!carried) patch.lastContactDate = moved.from;
  }
  return patch;
}
