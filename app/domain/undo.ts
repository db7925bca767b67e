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
};

export type RecordedChange = { investors: InvestorChange[] };

type UserOwned = { relationshipStatus: RelationshipStatus; lastContactDate: string | null };

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
  };
}

/**
 * The values an undo writes back: each only while it is still what the action set. A later edit
 * (another status, another date) is the founder's and stays. The last contact date also stays when
 * a contact kept in the history is dated on or after it: that contact, not the undone one, now
 * carries it.
 */
export function undoPatch(
  change: InvestorChange,
  current: UserOwned,
  keptContactDates: ReadonlyArray<string | null>,
): { relationshipStatus?: RelationshipStatus; lastContactDate?: string | null } {
  const patch: { relationshipStatus?: RelationshipStatus; lastContactDate?: string | null } = {};
  if (change.status && current.relationshipStatus === change.status.to) patch.relationshipStatus = change.status.from;
  const moved = change.lastContactDate;
  if (moved && current.lastContactDate === moved.to) {
    const carried = moved.to !== null && keptContactDates.some((date) => date !== null && date >= moved.to!);
    if (!carried) patch.lastContactDate = moved.from;
  }
  return patch;
}
