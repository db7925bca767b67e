import { PASS_REASON_LABELS, type PassReason, type RelationshipStatus, STATUS_LABELS } from "./vocabulary.ts";

/**
 * The team and its record of changes (decision 059): who a request acts as, what one change is,
 * and how it reads in words. Pure: rows come in, entries and sentences go out.
 */

export const MEMBER_ROLES = ["owner", "member"] as const;

/**
 * A member's name as the team will read it: Unicode's compatibility form (NFKC), without control
 * or format characters (zero-width spaces, bidi overrides such as U+202E), spaces collapsed. A
 * name is what the activity says beside each change, so nothing in it may hide or reorder text.
 */
export function cleanMemberName(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Two names the team could not tell apart are one: the clean name, case folded. */
export function memberNameKey(name: string): string {
  return cleanMemberName(name).toLowerCase();
}
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * The actors that are not members: what changes founder-visible data without a person of the team
 * pressing anything, and the open demo's visitor.
 */
export const SYSTEM_ACTORS = ["refresh", "mail_sync", "discovery", "rescore", "restore", "visitor"] as const;
export type SystemActor = (typeof SYSTEM_ACTORS)[number];

export const SYSTEM_ACTOR_NAMES: Record<SystemActor, string> = {
  refresh: "Refresh",
  mail_sync: "Mail sync",
  discovery: "Discovery",
  rescore: "The morning re-score",
  restore: "A restore",
  // Whoever presses a button on the open demo: not a member, and said so.
  visitor: "A demo visitor",
};

/** Who a request or a job acts as. A member carries their name so a sentence needs no look-up. */
export type Actor = { kind: "member"; memberId: number; name: string; role: MemberRole } | { kind: "system"; system: SystemActor };

/** A signed-in member as the actor of what they do. */
export function memberActor(member: { id: number; name: string; role: MemberRole }): Actor {
  return { kind: "member", memberId: member.id, name: member.name, role: member.role };
}

export function systemActor(system: SystemActor): Actor {
  return { kind: "system", system };
}

export function actorName(actor: Actor): string {
  return actor.kind === "member" ? actor.name : SYSTEM_ACTOR_NAMES[actor.system];
}

/**
 * What one activity row records. The user-owned groups carry the columns' values before and after
 * (`from`/`to`, by column name) so that replaying the activity gives the saved columns back; the
 * others say what happened in a few words.
 */
export const ACTIVITY_KINDS = [
  // A user-owned group of columns moved (USER_OWNED_GROUPS).
  "status",
  "last_contact",
  "notes",
  "amount",
  "next_step",
  "meeting",
  "pass_reason",
  "owner",
  // Something else happened to an investor.
  "contact",
  "profile",
  "created",
  "deleted",
  "merged",
  "undo",
  "refresh_found",
  // Warm intros (decision 065): a path added or removed, an intro's state moved.
  "intro_path",
  "intro",
  // The pipeline as a whole.
  // A startup's deck (decision 067): a version uploaded, its download allowed or stopped.
  "deck",
  "imported",
  "rubric",
  "round",
  "member",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * The user-owned columns (docs/product.md#resources), grouped as one change each: the
 * investors row's column names as drizzle reads them.
 */
export const USER_OWNED_GROUPS = {
  status: ["relationshipStatus"],
  last_contact: ["lastContactDate"],
  notes: ["personalNotes"],
  amount: ["amount", "amountCurrency", "amountStartupId"],
  next_step: ["nextStep", "nextStepDate"],
  meeting: ["meetingDate"],
  pass_reason: ["passReason", "passNote"],
  owner: ["ownerMemberId"],
} as const satisfies Partial<Record<ActivityKind, readonly string[]>>;
export type UserOwnedGroup = keyof typeof USER_OWNED_GROUPS;
export const USER_OWNED_COLUMNS = Object.values(USER_OWNED_GROUPS).flat() as UserOwnedColumn[];
export type UserOwnedColumn = (typeof USER_OWNED_GROUPS)[UserOwnedGroup][number];

export type UserOwnedValues = Partial<Record<UserOwnedColumn, string | number | null>>;

/** One change to record: its kind and detail; the writer adds who, when and which investor. */
export type ActivityEntry = { kind: ActivityKind; detail: Record<string, unknown> };

/**
 * The changes between two states of an investor's user-owned columns, one entry per group that
 * moved (a column absent from `after` did not change). Notes record only their new text: the old
 * is in the entry before.
 */
export function userOwnedChanges(before: UserOwnedValues, after: UserOwnedValues): ActivityEntry[] {
  const entries: ActivityEntry[] = [];
  for (const [group, columns] of Object.entries(USER_OWNED_GROUPS) as [UserOwnedGroup, readonly UserOwnedColumn[]][]) {
    const touched = columns.filter((column) => column in after);
    if (!touched.some((column) => (before[column] ?? null) !== (after[column] ?? null))) continue;
    const from: UserOwnedValues = {};
    const to: UserOwnedValues = {};
    for (const column of columns) {
      from[column] = before[column] ?? null;
      to[column] = column in after ? (after[column] ?? null) : (before[column] ?? null);
    }
    entries.push({ kind: group, detail: group === "notes" ? { to } : { from, to } });
  }
  return entries;
}

/** A profile edit as one entry naming the fields that changed, as the API names them (none: no entry). */
export function profileChanges(before: Record<string, unknown>, after: Record<string, unknown>): ActivityEntry[] {
  const fields = Object.keys(after).filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  return fields.length > 0
    ? [{ kind: "profile", detail: { fields: fields.map((f) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) } }]
    : [];
}

/**
 * Replays `entries` (oldest first) onto `start`: the user-owned columns they leave. An investor's
 * "created" entry carries every user-owned column it started with (`createdEntry`), so a replay
 * from its creation starts from nothing; an import's one entry carries, per investor it created
 * or changed, the user-owned values it wrote (`importedValues`), applied for that investor.
 */
export function replayUserOwned(start: UserOwnedValues, entries: readonly ActivityEntry[], investorId?: number): UserOwnedValues {
  const state: UserOwnedValues = { ...start };
  for (const entry of entries) {
    if (entry.kind === "imported") {
      if (investorId !== undefined) Object.assign(state, importedValues(entry, investorId) ?? {});
      continue;
    }
    if (!(entry.kind in USER_OWNED_GROUPS) && entry.kind !== "created") continue;
    const to = entry.detail.to as UserOwnedValues | undefined;
    if (to) Object.assign(state, to);
  }
  return state;
}

/** An investor's "created" entry: every user-owned column it starts with (null where not given). */
export function createdEntry(values: UserOwnedValues): ActivityEntry {
  const to: UserOwnedValues = {};
  for (const column of USER_OWNED_COLUMNS) to[column] = values[column] ?? null;
  return { kind: "created", detail: { to } };
}

/** The user-owned columns of a row of the investors table (as drizzle reads it), those it has. */
export function userOwnedOf(row: Record<string, unknown>): UserOwnedValues {
  const values: UserOwnedValues = {};
  for (const column of USER_OWNED_COLUMNS) {
    if (column in row) values[column] = (row[column] as string | number | null | undefined) ?? null;
  }
  return values;
}

/**
 * The user-owned values a new row starts with, as an import's or a restore's entry carries them:
 * only those that are set (a replay starts from nothing, so a missing column is null). About 60
 * bytes an investor rather than 250: a 20,000-row import's one entry stays about a megabyte.
 */
export function startingValues(row: Record<string, unknown>): UserOwnedValues {
  const values: UserOwnedValues = {};
  for (const [column, value] of Object.entries(userOwnedOf(row))) {
    if (value !== null && value !== undefined) values[column as UserOwnedColumn] = value;
  }
  return values;
}

/** What an import's one entry says it wrote into one investor's user-owned columns (undefined: nothing). */
export function importedValues(entry: ActivityEntry, investorId: number): UserOwnedValues | undefined {
  const values = entry.detail.values as Record<string, UserOwnedValues> | undefined;
  return values?.[String(investorId)];
}

/** A JSON reader's view of an entry's detail: the import's per-investor values left out (they can be thousands). */
export function detailShown(entry: ActivityEntry): Record<string, unknown> {
  if (entry.kind !== "imported") return entry.detail;
  const { values: _values, ...rest } = entry.detail;
  return rest;
}

/** An amount that was for a deleted startup's round, now the round raising now's: an `amount` change naming the startup. */
export function amountOfDeletedRound(
  investor: { amount: number | null; amountCurrency: string | null },
  startupId: number,
  startup: string,
): ActivityEntry {
  const from = { amount: investor.amount, amountCurrency: investor.amountCurrency, amountStartupId: startupId };
  return { kind: "amount", detail: { from, to: { ...from, amountStartupId: null }, startup_deleted: startup } };
}

/** The lowest relevance a refresh's finding needs to be said on the timeline and Today. */
export const FINDING_RELEVANCE = 0.5;

/**
 * What a refresh found for one investor, as one entry: the best newly judged evidence (highest
 * relevance, not irrelevant, with a summary), or none.
 */
export function refreshFinding(
  judgements: readonly { evidenceId: number; category: string; relevance: number; summary: string }[],
): ActivityEntry | null {
  let best: (typeof judgements)[number] | undefined;
  for (const judgement of judgements) {
    if (judgement.category === "irrelevant" || judgement.relevance < FINDING_RELEVANCE || judgement.summary.trim() === "") continue;
    if (!best || judgement.relevance > best.relevance) best = judgement;
  }
  return best ? { kind: "refresh_found", detail: { summary: best.summary, category: best.category, evidence_id: best.evidenceId } } : null;
}

/** How an activity row reads: "Jonas moved Fjord Climate to Due diligence". */
export function activitySentence(
  entry: ActivityEntry,
  who: string,
  subject: string,
  names: { member?: (id: number) => string | undefined } = {},
): string {
  const to = (entry.detail.to ?? {}) as UserOwnedValues;
  const d = entry.detail;
  switch (entry.kind) {
    case "status":
      return `${who} moved ${subject} to ${STATUS_LABELS[to.relationshipStatus as RelationshipStatus] ?? String(to.relationshipStatus)}`;
    case "last_contact":
      return to.lastContactDate
        ? `${who} set the last contact with ${subject} to ${to.lastContactDate}`
        : `${who} cleared the last contact with ${subject}`;
    case "notes":
      return to.personalNotes ? `${who} edited the notes on ${subject}` : `${who} cleared the notes on ${subject}`;
    case "amount":
      if (d.startup_deleted)
        return `${who} deleted ${String(d.startup_deleted)}: the amount from ${subject} now counts in the round raising now`;
      return to.amount === null || to.amount === undefined
        ? `${who} cleared the amount for ${subject}`
        : `${who} set the amount for ${subject} to ${formatAmount(Number(to.amount), (to.amountCurrency as string | null) ?? "USD")}`;
    case "next_step":
      return to.nextStep || to.nextStepDate
        ? `${who} set the next step with ${subject}: ${[to.nextStep, to.nextStepDate ? `by ${to.nextStepDate}` : null].filter(Boolean).join(" ")}`
        : `${who} cleared the next step with ${subject}`;
    case "meeting":
      return to.meetingDate ? `${who} set a meeting with ${subject} on ${to.meetingDate}` : `${who} cleared the meeting with ${subject}`;
    case "pass_reason":
      return to.passReason
        ? `${who} noted why ${subject} passed: ${PASS_REASON_LABELS[to.passReason as PassReason] ?? String(to.passReason)}`
        : `${who} cleared why ${subject} passed`;
    case "owner": {
      const owner = typeof to.ownerMemberId === "number" ? (names.member?.(to.ownerMemberId) ?? "a former member") : null;
      return owner ? `${who} gave ${subject} to ${owner}` : `${who} left ${subject} without an owner`;
    }
    case "contact":
      return `${who} logged ${d.channel ? withArticle(String(d.channel)) : "a contact"} with ${subject}${d.note ? `: ${clip(String(d.note), 80)}` : ""}`;
    case "profile":
      return `${who} edited ${subject}'s profile${Array.isArray(d.fields) && d.fields.length > 0 ? ` (${d.fields.join(", ")})` : ""}`;
    case "created":
      return `${who} added ${subject}`;
    case "deleted":
      return `${who} deleted ${subject}`;
    case "merged":
      return `${who} merged ${String(d.other ?? "a duplicate")} into ${subject}`;
    case "undo":
      return `${who} undid ${String(d.what ?? "a change")} on ${subject}`;
    case "refresh_found":
      return `${who} found on ${subject}: ${clip(String(d.summary ?? d.title ?? "news"), 160)}`;
    case "intro_path":
      return d.removed
        ? `${who} removed ${String(d.person ?? "a path")} as a path to ${subject}`
        : `${who} added ${String(d.person ?? "a path")} as a path to ${subject}${d.source === "mail" ? " (from mail)" : ""}`;
    case "intro":
      return `${who} marked the intro to ${subject} through ${String(d.person ?? "a member")} ${String(d.label ?? d.state ?? "moved").toLowerCase()}`;
    case "imported":
      return `${who} imported ${String(d.file ?? "a file")}: ${Number(d.added ?? 0)} added, ${Number(d.updated ?? 0)} updated${
        Number(d.left_out ?? 0) > 0 ? `, ${Number(d.left_out)} left out` : ""
      }${Number(d.intro_paths ?? 0) > 0 ? `, ${Number(d.intro_paths)} intro paths through ${Number(d.intro_people ?? 0)} people` : ""}`;
    case "rubric":
      return `${who} edited the rubric of ${subject}`;
    case "round":
      return `${who} edited the round of ${subject}`;
    case "member":
      return `${who} ${String(d.what ?? "changed")} ${subject}`;
    case "deck":
      if (typeof d.what === "string" && d.what.includes("link")) return deckLinkSentence(who, subject, d);
      return d.what === "uploaded"
        ? `${who} uploaded version ${Number(d.version ?? 0)} of ${subject}'s deck (${String(d.file ?? "a PDF")})`
        : `${who} ${d.what === "allowed download" ? "allowed" : "stopped"} the download of version ${Number(d.version ?? 0)} of ${subject}'s deck`;
  }
}

/** A deck link's activity (decision 068): "Ana made a link to Fjordly's deck for Ilse Varga", "… turned off the link "Demo day" to …". */
function deckLinkSentence(who: string, subject: string, d: Record<string, unknown>): string {
  const label = typeof d.label === "string" && d.label ? ` "${d.label}"` : "";
  const deck = typeof d.startup === "string" ? `${d.startup}'s deck` : `${subject}'s deck`;
  const forWhom = label || typeof d.startup !== "string" ? "" : ` for ${subject}`;
  if (d.what === "made a link") return `${who} made a link${label} to ${deck}${forWhom}`;
  return `${who} ${String(d.what).replace("the link", `the link${label} to ${deck}${forWhom}`)}`;
}

function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** "a call", "an email". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

function clip(text: string, length: number): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > length ? `${one.slice(0, length - 1)}…` : one;
}
