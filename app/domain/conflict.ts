import { type ActivityEntry, USER_OWNED_GROUPS, type UserOwnedGroup } from "./people.ts";
import { PASS_REASON_LABELS, type PassReason, type RelationshipStatus, STATUS_LABELS } from "./vocabulary.ts";

/**
 * No lost updates (decision 063): an edit says which version of an investor it was based on, and
 * is refused when a change saved since then touched what it changes. Field-wise: the user-owned
 * columns by their group (status, notes, amount…, as the activity records them), the profile by
 * field; a contact only adds and never clashes. Pure: the activity entries come in.
 */

/** An edit that was refused: the newer changes it would have overwritten, and the version now saved. */
export class EditConflict extends Error {
  readonly version: number;
  readonly changes: readonly ConflictingChange[];
  readonly mine: readonly ActivityEntry[];
  constructor(version: number, changes: readonly ConflictingChange[], mine: readonly ActivityEntry[]) {
    super("The investor was changed since this edit was based on it.");
    this.name = "EditConflict";
    this.version = version;
    this.changes = changes;
    this.mine = mine;
  }
}

/** One newer activity row that clashes, as the writer reads it back. */
export type ConflictingChange = {
  id: number;
  at: string;
  actorMemberId: number | null;
  actorSystem: string | null;
  subject: string;
  kind: ActivityEntry["kind"];
  detail: Record<string, unknown>;
};

/** What an entry changes, as names that clash when two entries share one: "status", "profile:website"… */
export function changedParts(entry: ActivityEntry): string[] {
  if (entry.kind in USER_OWNED_GROUPS) return [entry.kind];
  if (entry.kind === "profile" && Array.isArray(entry.detail.fields)) return entry.detail.fields.map((field) => `profile:${String(field)}`);
  return [];
}

/**
 * The newer changes (saved after the edit's base version) that touched a part this edit changes.
 * An undo names the groups it put back in the entries beside it, so those clash too.
 */
export function clashingChanges<T extends { kind: ActivityEntry["kind"]; detail: Record<string, unknown> }>(
  newer: readonly T[],
  mine: readonly ActivityEntry[],
): T[] {
  const parts = new Set(mine.flatMap(changedParts));
  if (parts.size === 0) return [];
  return newer.filter((row) => changedParts(row).some((part) => parts.has(part)));
}

/** `"7"`, the ETag of version 7 (a strong validator: the saved columns are byte for byte those of that version). */
export function versionTag(version: number): string {
  return `"${version}"`;
}

/**
 * The version an `If-Match` header names: undefined without the header (the write is not checked,
 * as for scripts before versions), "invalid" for anything but one `"<version>"` (or `*`: any).
 */
export function versionFromIfMatch(header: string | null): number | undefined | "invalid" {
  if (header === null) return undefined;
  const text = header.trim();
  if (text === "*") return undefined;
  const match = /^(?:W\/)?"(\d{1,12})"$/.exec(text);
  return match ? Number(match[1]) : "invalid";
}

/** A form's hidden `version` field: a whole number, else undefined (a page from before versions). */
export function versionFromForm(value: FormDataEntryValue | null): number | undefined {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

/** "2 minutes ago", "just now", "3 hours ago", "yesterday", "4 days ago": when a change was saved. */
export function agoWords(at: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(at)) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "a minute ago" : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? "an hour ago" : `${hours} hours ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? "yesterday" : `${days} days ago`;
}

/** The words for a group of the user-owned columns, as the form labels them. */
export const GROUP_LABELS: Record<UserOwnedGroup, string> = {
  status: "Relationship status",
  last_contact: "Last contact",
  notes: "Private notes",
  amount: "Amount",
  next_step: "Next step",
  meeting: "Meeting",
  pass_reason: "Why they passed",
  owner: "Owner",
};

/** One part both sides changed: what is saved now (theirs) and what this edit asked (yours). */
export type ClashValue = { label: string; theirs: string; yours: string };

/**
 * Both values of each part the refused edit clashed on. A user-owned group's entry carries its
 * values before (what is saved now) and after (what the edit asked); a profile field's are read
 * from the saved investor as the API shows it (`json`) and the edit (`asked`), by the field's API name.
 */
export function clashValues(
  mine: readonly ActivityEntry[],
  clashing: readonly { kind: ActivityEntry["kind"]; detail: Record<string, unknown> }[],
  saved: { row: Record<string, unknown>; json: Record<string, unknown>; asked: Record<string, unknown> },
  words: (group: UserOwnedGroup, values: Record<string, unknown>) => string,
): ClashValue[] {
  const theirs = new Set(clashing.flatMap(changedParts));
  const values: ClashValue[] = [];
  for (const entry of mine) {
    for (const part of changedParts(entry).filter((p) => theirs.has(p))) {
      if (part.startsWith("profile:")) {
        const field = part.slice("profile:".length);
        values.push({ label: fieldLabel(field), theirs: valueText(saved.json[field]), yours: valueText(saved.asked[field]) });
      } else {
        const group = part as UserOwnedGroup;
        const to = (entry.detail.to ?? {}) as Record<string, unknown>;
        // Notes record only their new text: what is saved now is the row's.
        const from = (entry.detail.from ?? saved.row) as Record<string, unknown>;
        values.push({ label: GROUP_LABELS[group], theirs: words(group, from), yours: words(group, to) });
      }
    }
  }
  return values;
}

function fieldLabel(field: string): string {
  const text = field.replace(/_/g, " ").replace(/\burl\b/, "URL");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A saved or asked value in words: lists joined, nothing as "(empty)". */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : "(empty)";
  return String(value);
}

/** A group's values in words, as the form shows them: "Due diligence", "250000 EUR", "Intro call by 2026-12-09". */
export function groupValueWords(
  group: UserOwnedGroup,
  values: Record<string, unknown>,
  memberName: (id: number) => string | undefined = () => undefined,
): string {
  const parts = (USER_OWNED_GROUPS[group] as readonly string[]).map((column) => {
    const value = values[column];
    if (value === null || value === undefined || value === "") return null;
    if (column === "relationshipStatus") return STATUS_LABELS[value as RelationshipStatus] ?? String(value);
    if (column === "passReason") return PASS_REASON_LABELS[value as PassReason] ?? String(value);
    if (column === "ownerMemberId") return memberName(Number(value)) ?? "a former member";
    if (column === "amountStartupId") return null;
    if (column === "nextStepDate") return `by ${String(value)}`;
    return String(value);
  });
  const text = parts.filter((part) => part !== null).join(" ");
  return text === "" ? "(empty)" : text;
}
