import { z } from "zod";
import { CURRENCIES } from "./import/money.ts";
import {
  ACTIONS,
  EVIDENCE_CATEGORIES,
  INSTRUMENTS,
  INVESTOR_KINDS,
  PASS_REASONS,
  RELATIONSHIP_STATUSES,
  ROLES_WANTED,
  STAGES,
} from "./vocabulary.ts";
import { ACTIVITY_KINDS, MEMBER_ROLES, SYSTEM_ACTORS } from "./people.ts";
import { INTRO_SOURCES, INTRO_STATES, PATH_TIERS } from "./intros.ts";
import { MAX_DECK_PAGES } from "./decks.ts";

/**
 * The shape of /export.json as `npm run restore-export` reads it back (decision 020): what
 * db/queries/export.server.ts writes, checked before anything is written. Keys the restore does
 * not use (`exported_at`, `is_demo`, a rubric's `id`…) are allowed and ignored; a value of the
 * wrong kind is named by its path.
 */

const text = z.string().max(100_000);
const maybeText = text.nullable();
const id = z.number().int().positive();
const stamp = z.string().max(40);

const scoreExplained = z.object({
  total: z.number(),
  components: z.array(z.object({ key: z.string(), label: z.string(), points: z.number(), detail: z.string() })),
  action_reason: z.string(),
});

const contact = z.object({ id, date: stamp.nullable(), channel: maybeText, note: text, created_at: stamp });

const evidence = z.object({
  id,
  url: text,
  title: text,
  excerpt: text,
  source: z.enum(["news", "linkedin", "web"]),
  published_at: stamp.nullable(),
  found_at: stamp,
  content_hash: text,
  category: z.enum(EVIDENCE_CATEGORIES).nullable(),
  relevance: z.number().nullable(),
  summary: maybeText,
});

const investor = z.object({
  id,
  name: text.min(1),
  firm: maybeText,
  kind: z.enum(INVESTOR_KINDS),
  website: maybeText,
  linkedin_url: maybeText,
  email: maybeText,
  sectors: z.array(text),
  stages: z.array(text),
  geographies: z.array(text),
  // Exports from before decision 055 have no based-in place.
  based_in: maybeText.optional(),
  check_min: z.number().int().nullable(),
  check_max: z.number().int().nullable(),
  // Exports from before currencies were kept have none: their amounts are dollars.
  check_currency: z.enum(CURRENCIES).nullable().optional(),
  score: z.number().int(),
  action: z.enum(ACTIONS),
  score_explained: scoreExplained.nullable(),
  signal_activity: z.number().int().nullable(),
  signal_fit: z.number().int().nullable(),
  signal_hook: maybeText,
  signal_red_flag: maybeText,
  signals_checked_at: stamp.nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES),
  last_contact_date: stamp.nullable(),
  personal_notes: maybeText,
  // Exports from before the round (decision 031) have none of these.
  amount: z.number().int().min(0).nullable().optional(),
  amount_currency: z.enum(CURRENCIES).nullable().optional(),
  amount_startup_id: id.nullable().optional(),
  next_step: maybeText.optional(),
  next_step_date: stamp.nullable().optional(),
  meeting_date: stamp.nullable().optional(),
  pass_reason: z.enum(PASS_REASONS).nullable().optional(),
  pass_note: maybeText.optional(),
  contact_history: z.array(contact),
  evidence: z.array(evidence),
  // Exports from before the team (decision 061) have no owner.
  owner_member_id: id.nullable().optional(),
  created_at: stamp,
  updated_at: stamp,
});

/** A member of the team: names, roles and emails, never a secret (decision 061). */
const member = z.object({
  id,
  name: text.min(1).max(200),
  role: z.enum(MEMBER_ROLES),
  email: maybeText,
  created_at: stamp,
  disabled_at: stamp.nullable(),
});

/** One change and its author (decision 061). */
const activityEntry = z.object({
  id,
  at: stamp,
  actor_member_id: id.nullable(),
  actor_system: z.enum(SYSTEM_ACTORS).nullable(),
  investor_id: id.nullable(),
  subject: text,
  kind: z.enum(ACTIVITY_KINDS),
  detail: z.record(z.string(), z.unknown()),
});

const mailContact = z.object({
  investor_id: id,
  direction: z.enum(["sent", "received"]),
  sent_at: stamp,
  subject: text,
  message_id: text,
  logged_at: stamp.nullable(),
});

/** A person who can introduce the team, with their addresses (decision 065). */
const person = z.object({
  id,
  name: text.min(1).max(200),
  organisation: maybeText,
  known_by_member_id: id.nullable(),
  emails: z.array(z.string().max(320)).max(1_000),
  created_at: stamp,
  updated_at: stamp,
});

/** A path to an investor and its intro's state (decision 065). */
const introPath = z.object({
  id,
  investor_id: id,
  person_id: id.nullable(),
  member_id: id.nullable(),
  source: z.enum(INTRO_SOURCES),
  tier: z.enum(PATH_TIERS).nullable(),
  /** The sheet's words or mail's, a few hundred characters at most: not a page's worth on the investor page. */
  evidence: z.string().max(2_000),
  state: z.enum(INTRO_STATES),
  /** YYYY-MM-DD: the nudge counts days from it. */
  asked_on: z.iso.date().nullable(),
  state_at: stamp.nullable(),
  state_by_member_id: id.nullable(),
  created_at: stamp,
  updated_at: stamp,
});

/** A moment as the app writes one (ISO 8601 with its zone): a deck view's times are compared as text. */
const instant = z.iso.datetime({ offset: true });

/**
 * A deck link (decision 068): its token's hash and nonce, never the token (the same link key
 * derives it again); its deck named by its startup. Strict: a key the app never writes is refused.
 */
const deckLink = z.strictObject({
  id,
  startup_id: id,
  investor_id: id.nullable(),
  label: z.string().max(200).nullable(),
  token_hash: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 in hex"),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "a link's nonce (base64url)"),
  pinned_version: z.number().int().positive().nullable(),
  allow_download: z.boolean(),
  email_gate: z.boolean(),
  expires_at: instant.nullable(),
  revoked_at: instant.nullable(),
  sent_at: instant.nullable(),
  created_by_member_id: id.nullable(),
  created_at: instant,
});

/** A visit to a link, with its seconds per page (at most a deck's 80 pages, each once). */
const deckView = z.strictObject({
  id,
  link_id: id,
  version: z.number().int().positive().nullable(),
  started_at: instant,
  last_seen_at: instant,
  seconds: z.number().int().min(0).max(31_536_000),
  pages_seen: z.number().int().min(0).max(MAX_DECK_PAGES),
  device: z.string().min(1).max(40),
  address_group_hash: z.string().min(1).max(128),
  bot: z.string().min(1).max(80).nullable(),
  forwarded: z.boolean(),
  email: z.string().max(320).nullable(),
  pages: z
    .array(z.strictObject({ page: z.number().int().min(1).max(MAX_DECK_PAGES), seconds: z.number().int().min(0).max(31_536_000) }))
    .max(MAX_DECK_PAGES)
    .refine((pages) => new Set(pages.map((page) => page.page)).size === pages.length, "a page is listed twice"),
});

const rubricVersion = z.object({ version: z.number().int(), source: z.enum(["model", "default"]), rubric: z.unknown(), createdAt: stamp });

/** A startup's own columns and its rubrics: its evaluations and scores are read one at a time, apart. */
const startupHead = z.object({
  id,
  name: text.min(1),
  pitch: text,
  sector: text,
  stage: z.enum(STAGES),
  geography: maybeText,
  roundSize: z.number().int().nullable(),
  ask: maybeText,
  roundCurrency: z.enum(CURRENCIES).nullable().optional(),
  closeBy: stamp.nullable().optional(),
  instrument: z.enum(INSTRUMENTS).nullable().optional(),
  roleWanted: z.enum(ROLES_WANTED).nullable().optional(),
  valuationCap: z.number().int().nullable().optional(),
  preMoney: z.number().int().nullable().optional(),
  raisingNow: z.boolean().optional(),
  createdAt: stamp,
  updatedAt: stamp,
  rubrics: z.array(rubricVersion).max(1_000).default([]),
});

const evaluation = z.object({
  investorId: id,
  relevance: z.number(),
  reasons: text,
  evidenceIds: z.array(z.number().int()),
  createdAt: stamp,
});

const score = z.object({ investorId: id, score: z.number().int(), action: z.enum(ACTIONS), scoreExplained, updatedAt: stamp });

const founder = z.object({ name: maybeText.optional(), pitch: maybeText.optional(), meeting_link: maybeText.optional() });

/**
 * The file is read as a stream (app/restore-export.server.ts, decision 056): each record is checked
 * on its own, by the schema of where it sits. Exports made before mail capture have no
 * mail_contacts; before /settings, no founder; before warm intros, no people or intro_paths; before
 * deck links (decision 068), no deck_links or deck_views.
 */
export const exportRecordSchemas = {
  investor,
  mailContact,
  startupHead,
  evaluation,
  score,
  founder,
  member,
  activity: activityEntry,
  person,
  introPath,
  deckLink,
  deckView,
};

export type ExportedInvestorRecord = z.infer<typeof investor>;
export type ExportedMailRecord = z.infer<typeof mailContact>;
export type ExportedStartupHead = z.infer<typeof startupHead>;
export type ExportedEvaluationRecord = z.infer<typeof evaluation>;
export type ExportedScoreRecord = z.infer<typeof score>;
export type ExportedFounder = z.infer<typeof founder>;
export type ExportedMemberRecord = z.infer<typeof member>;
export type ExportedActivityRecord = z.infer<typeof activityEntry>;
export type ExportedPersonRecord = z.infer<typeof person>;
export type ExportedIntroPathRecord = z.infer<typeof introPath>;
export type ExportedDeckLinkRecord = z.infer<typeof deckLink>;
export type ExportedDeckViewRecord = z.infer<typeof deckView>;

/** Old ids (the file's) to new ones (the restored rows'), as the restore assigns them. */
export type RestoredIds = {
  investor(old: number): number | undefined;
  member(old: number): number | undefined;
  startup(old: number): number | undefined;
  evidence(old: number): number | undefined;
};

/**
 * An activity entry's detail with the ids it names moved to the restored rows': the owner's member
 * in a user-owned group's `from`/`to`, an import's values (by investor), a startup's, an evidence
 * item's and a merged investor's ids. An id the file does not hold (a deleted investor's) is dropped.
 */
export function restoredDetail(detail: Record<string, unknown>, ids: RestoredIds): Record<string, unknown> {
  const owned = (values: unknown) => {
    if (!values || typeof values !== "object") return values;
    const copy = { ...(values as Record<string, unknown>) };
    if (typeof copy.ownerMemberId === "number") copy.ownerMemberId = ids.member(copy.ownerMemberId) ?? null;
    return copy;
  };
  const next: Record<string, unknown> = { ...detail };
  if ("from" in next) next.from = owned(next.from);
  if ("to" in next) next.to = owned(next.to);
  if (next.values && typeof next.values === "object") {
    const values: Record<string, unknown> = {};
    for (const [old, value] of Object.entries(next.values as Record<string, unknown>)) {
      const id = ids.investor(Number(old));
      if (id !== undefined) values[id] = owned(value);
    }
    next.values = values;
  }
  for (const [key, map] of [
    ["startup_id", ids.startup],
    ["evidence_id", ids.evidence],
    ["other_id", ids.investor],
  ] as const) {
    if (typeof next[key] === "number") next[key] = map(next[key] as number) ?? null;
  }
  return next;
}

/** The keys of a startup's head: each is read on its own path, so its scores are never held together. */
export const STARTUP_HEAD_KEYS = Object.keys(startupHead.shape) as Array<keyof ExportedStartupHead>;

/**
 * At most this many bytes are read. The file is read as a stream, so this bounds the time, not
 * the memory: an export of 25,000 investors with 5 startups is about 145 MB.
 */
export const EXPORT_FILE_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** A problem of one record: where it sits in the file and what is wrong. */
export type ExportProblem = { path: string; message: string };

/** The problems of `record` (at `where`, e.g. "investors.3") by `schema`, each with its path. */
export function recordProblems(error: z.ZodError, where: string): ExportProblem[] {
  return error.issues.map((issue) => ({ path: [where, ...issue.path].join("."), message: issue.message }));
}

/** The first few problems of a file that is not an export, each with its path, on one line each. */
export function describeExportProblems(problems: ExportProblem[], total = problems.length, limit = 5): string {
  const lines = problems.slice(0, limit).map((problem) => `${problem.path || "(the file)"}: ${problem.message}`);
  if (total > limit) lines.push(`…and ${total - limit} more`);
  return lines.join("\n");
}
