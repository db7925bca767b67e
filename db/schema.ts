import { sql } from "drizzle-orm";
import {
  ACTIONS,
  EVIDENCE_CATEGORIES,
  INSTRUMENTS,
  INVESTOR_KINDS,
  PASS_REASONS,
  RELATIONSHIP_STATUSES,
  ROLES_WANTED,
  STAGES,
} from "../app/domain/investor.ts";
import type { RecordedChange } from "../app/domain/undo.ts";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { INTRO_SOURCES, INTRO_STATES, PATH_TIERS } from "../app/domain/intros.ts";
import { people } from "./schema-intros.ts";
import { members } from "./schema-people.ts";

/**
 * The whole data model (docs/product.md#resources). Times are ISO-8601 UTC strings; dates are YYYY-MM-DD.
 * Lists are JSON arrays in text columns.
 */

const timestamps = {
  createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
};

export type ScoreComponent = { key: string; label: string; points: number; detail: string };
export type ScoreExplained = { total: number; components: ScoreComponent[]; action_reason: string };

export const investors = sqliteTable(
  "investors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    firm: text("firm"),
    kind: text("kind", { enum: INVESTOR_KINDS }).notNull().default("fund"),
    website: text("website"),
    linkedinUrl: text("linkedin_url"),
    email: text("email"),
    sectors: text("sectors", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    stages: text("stages", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    geographies: text("geographies", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // Where the investor is based (an HQ, Location or Office column; decision 055), as places.ts
    // names it ("Trondheim, Norway"): stands in for where they invest only while geographies is empty.
    basedIn: text("based_in"),
    checkMin: integer("check_min"),
    checkMax: integer("check_max"),
    // ISO 4217 code of check_min/check_max as the founder's list wrote them; null = USD.
    checkCurrency: text("check_currency"),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    // The name as an import matches it (app/domain/import/identity.ts nameKey), so an import reads
    // only the saved rows its own names and emails could be (decision 064). Null until computed:
    // a trigger clears it whenever the name changes, by any path, and an import fills the nulls in.
    identityName: text("identity_name"),

    // Derived by the scoring rules (re-score and refresh).
    score: integer("score").notNull().default(0),
    action: text("action", { enum: ACTIONS }).notNull().default("research"),
    scoreExplained: text("score_explained", { mode: "json" }).$type<ScoreExplained>(),
    // When the current action was first given (re-score keeps it while the action stays): orders
    // the "don't chase" list by how recently its reason appeared.
    actionSince: text("action_since"),

    // The four signal columns: written only by a refresh. Null means "no data yet".
    signalActivity: integer("signal_activity"),
    signalFit: integer("signal_fit"),
    // The fit in the founder's words ("Matches Ledgerly on fintech and seed; geography not known"),
    // derived with signal_fit from the declared profile and the startups' rubrics.
    fitDetail: text("fit_detail"),
    // How much of the profile the fit could see (0–100 of the rubric's weights): a fit judged on
    // one known part out of four is too little to call someone not worth chasing.
    fitKnown: integer("fit_known"),
    // The cheque part of that fit, 0–100 (Today's tie-break after fit and news), and why a known part
    // is far off for every startup (decision 029: they are then "don't chase"), both derived with it.
    fitCheque: integer("fit_cheque"),
    fitMisfit: text("fit_misfit"),
    signalHook: text("signal_hook"),
    signalHookEvidenceId: integer("signal_hook_evidence_id"),
    signalRedFlag: text("signal_red_flag"),
    signalsCheckedAt: text("signals_checked_at"),

    // The four user-owned columns (contact history is its own table): written only by an edit.
    relationshipStatus: text("relationship_status", { enum: RELATIONSHIP_STATUSES }).notNull().default("not_contacted"),
    lastContactDate: text("last_contact_date"),
    personalNotes: text("personal_notes"),
    // The notes an import last wrote: while personal_notes still equals them, a re-import may
    // replace them; once edited in the app they are the founder's and an import keeps them.
    importedNotes: text("imported_notes"),
    // The user-owned columns the founder has set in the app (status, money, next step, meeting,
    // pass reason: app/domain/import/app-owned.ts): a re-import keeps them instead of the file's.
    appOwned: text("app_owned", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // The money and the next step (user-owned, docs/product.md#the-round): their expected cheque while
    // talking, the committed amount once in; in amount_currency (ISO 4217, null = USD). The amount
    // belongs to startup amount_startup_id's round (null = the round raising now).
    amount: integer("amount"),
    amountCurrency: text("amount_currency"),
    amountStartupId: integer("amount_startup_id"),
    nextStep: text("next_step"),
    nextStepDate: text("next_step_date"),
    meetingDate: text("meeting_date"),
    passReason: text("pass_reason", { enum: PASS_REASONS }),
    passNote: text("pass_note"),
    // The member who owns this investor (user-owned, decision 059); null = nobody in particular.
    ownerMemberId: integer("owner_member_id").references(() => members.id, { onDelete: "set null" }),
    // Moves by one with every write of a user-owned or profile column: a form or API write based
    // on an older version is refused (no lost updates, decision 059).
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index("investors_demo_score").on(t.isDemo, t.score),
    // Whose follow-ups are due (the digest, each page built after a write) is counted from this index alone (decision 069).
    index("investors_demo_action").on(t.isDemo, t.action, t.ownerMemberId),
    // A board column is its first cards by score, read straight from this index (decision 069);
    // status counts use its first two columns.
    index("investors_demo_status_score").on(t.isDemo, t.relationshipStatus, sql`${t.score} desc`, t.id),
    // The board's chart of pass reasons reads the passed investors' reasons from here alone (decision 069).
    index("investors_passed_reason").on(t.isDemo, t.passReason).where(sql`${t.relationshipStatus} = 'passed'`),
    index("investors_demo_checked").on(t.isDemo, t.signalsCheckedAt),
    index("investors_email").on(sql`lower(${t.email})`),
    index("investors_identity_name").on(t.isDemo, t.identityName),
    // drizzle-kit mis-renders this two-expression index; 0000_initial.sql holds the corrected SQL.
    index("investors_name_firm").on(sql`lower(${t.name})`, sql`lower(coalesce(${t.firm}, ''))`),
  ],
);

export const contactEntries = sqliteTable(
  "contact_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    date: text("date"),
    channel: text("channel"),
    note: text("note").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("contact_entries_investor").on(t.investorId, t.id)],
);

export const runs = sqliteTable(
  "runs",
  {
    runId: text("run_id").primaryKey(),
    // A refresh checks the pipeline's investors; a discovery reads funding news (decision 034).
    kind: text("kind", { enum: ["refresh", "discovery"] })
      .notNull()
      .default("refresh"),
    trigger: text("trigger", { enum: ["cron", "manual", "demo"] }).notNull(),
    status: text("status", {
      enum: ["queued", "running", "waiting_chain", "completed", "failed", "truncated"],
    }).notNull(),
    chain: integer("chain").notNull().default(1),
    linkedin: integer("linkedin", { mode: "boolean" }).notNull().default(false),
    // The plan's size: `queueLength` single steps (one investor each), then the grouped searches;
    // the cursor runs over all `steps`. The steps themselves are rows of run_items, so a step
    // writes only what changed (docs/scale.md#refresh).
    queueLength: integer("queue_length").notNull().default(0),
    steps: integer("steps").notNull().default(0),
    selected: integer("selected").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    investorsChecked: integer("investors_checked").notNull().default(0),
    evidenceAdded: integer("evidence_added").notNull().default(0),
    searchCreditsUsed: integer("search_credits_used").notNull().default(0),
    llmCalls: integer("llm_calls").notNull().default(0),
    // A discovery's counts: the deals its news items named and the investors outside the pipeline in them.
    dealsFound: integer("deals_found").notNull().default(0),
    investorsFound: integer("investors_found").notNull().default(0),
    // When a discovery's sources were fetched and their items saved: a takeover reads them, never fetches again.
    fetchedAt: text("fetched_at"),
    errors: text("errors", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    degraded: integer("degraded", { mode: "boolean" }).notNull().default(false),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: text("lease_expires_at"),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("runs_status").on(t.status),
    index("runs_created").on(t.createdAt),
    // At most one active real run of each kind (docs/product.md#the-refresh), enforced by the database itself.
    uniqueIndex("runs_one_active").on(t.kind).where(sql`${t.status} in ('queued', 'running', 'waiting_chain') and ${t.trigger} != 'demo'`),
  ],
);

/**
 * A run's plan, one row per investor: the step that checks them (a single search, or a grouped
 * one shared by several rows), why they were chosen, and whether their search is saved but not
 * yet judged (a takeover after a crash judges them without paying for the same search again).
 */
export const runItems = sqliteTable(
  "run_items",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.runId, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    investorId: integer("investor_id").notNull(),
    reason: text("reason").notNull().default(""),
    searched: integer("searched", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.runId, t.step, t.investorId] }), index("run_items_investor").on(t.runId, t.investorId)],
);

export const evidence = sqliteTable(
  "evidence",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    source: text("source", { enum: ["news", "linkedin", "web"] }).notNull(),
    publishedAt: text("published_at"),
    foundAt: text("found_at").notNull(),
    runId: text("run_id").references(() => runs.runId, { onDelete: "set null" }),
    contentHash: text("content_hash").notNull(),
    category: text("category", { enum: EVIDENCE_CATEGORIES }),
    relevance: real("relevance"),
    summary: text("summary"),
    judgedAt: text("judged_at"),
  },
  (t) => [
    uniqueIndex("evidence_investor_url").on(t.investorId, t.url),
    uniqueIndex("evidence_investor_hash").on(t.investorId, t.contentHash),
    index("evidence_unjudged").on(t.investorId).where(sql`${t.judgedAt} is null`),
    // Deleting a run (the demo keeps its 20 newest) sets run_id to null on its evidence.
    index("evidence_run").on(t.runId),
    // The refresh's selection counts each investor's recent news and finds the newest from this
    // index alone (docs/scale.md#refresh).
    index("evidence_news_at").on(t.investorId, sql`coalesce(${t.publishedAt}, ${t.foundAt})`),
  ],
);

export const startups = sqliteTable("startups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  pitch: text("pitch").notNull(),
  sector: text("sector").notNull(),
  stage: text("stage", { enum: STAGES }).notNull(),
  geography: text("geography"),
  roundSize: integer("round_size"),
  ask: text("ask"),
  // The round (docs/product.md#the-round): round_size above is its target; the role wanted from investors, the target in
  // round_currency (ISO 4217, null = USD), the close-by date, the instrument and its cap or pre-money.
  roleWanted: text("role_wanted", { enum: ROLES_WANTED }),
  roundCurrency: text("round_currency"),
  closeBy: text("close_by"),
  instrument: text("instrument", { enum: INSTRUMENTS }),
  valuationCap: integer("valuation_cap"),
  preMoney: integer("pre_money"),
  // With several startups, the one raising now (its round is Today's round); one startup is the round.
  raisingNow: integer("raising_now", { mode: "boolean" }).notNull().default(false),
  isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
  ...timestamps,
});

export const rubrics = sqliteTable(
  "rubrics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    source: text("source", { enum: ["model", "default"] }).notNull(),
    rubric: text("rubric", { mode: "json" }).$type<unknown>().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("rubrics_startup_version").on(t.startupId, t.version)],
);

export const evaluations = sqliteTable(
  "evaluations",
  {
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    relevance: real("relevance").notNull(),
    reasons: text("reasons").notNull(),
    evidenceIds: text("evidence_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.startupId, t.investorId] }),
    // Deleting an investor (the demo reset deletes all demo investors) cascades here by investor.
    index("evaluations_investor").on(t.investorId),
  ],
);

export const startupScores = sqliteTable(
  "startup_scores",
  {
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    action: text("action", { enum: ACTIONS }).notNull(),
    scoreExplained: text("score_explained", { mode: "json" }).$type<ScoreExplained>().notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.startupId, t.investorId] }),
    index("startup_scores_rank").on(t.startupId, t.score),
    index("startup_scores_investor").on(t.investorId),
  ],
);

/** Small key/value facts about this installation: passcode hash, session key, refresh times. */
export const appState = sqliteTable("app_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamps.updatedAt,
});

/**
 * Signed-in browsers (docs/product.md#security). The cookie carries a random id; only its SHA-256 is kept here, so
 * a copy of the database holds no usable cookie. Signing out deletes the row, and a row past
 * `expires_at` (14 days after sign-in) no longer counts and is deleted.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    // Who signed in (decision 059); null on a session from before the team, which is the owner's.
    memberId: integer("member_id").references(() => members.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expires_at").on(t.expiresAt)],
);

/**
 * Mail capture (docs/decisions/014-mail-capture.md): one row per message and investor it names.
 * Only what the founder sees is kept — direction, date, subject, Message-ID — never a body or
 * any other address. `logged_at` is set when the founder logs it through the investor edit.
 */
export const mailContacts = sqliteTable(
  "mail_contacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    direction: text("direction", { enum: ["sent", "received"] }).notNull(),
    // ISO-8601 UTC time of the message (its Date header, or when the server received it).
    sentAt: text("sent_at").notNull(),
    subject: text("subject").notNull().default(""),
    // Whether the receiving server vouched for the From (decision 017); rows from before it count as verified.
    verified: integer("verified", { mode: "boolean" }).notNull().default(true),
    loggedAt: text("logged_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("mail_contacts_message_investor").on(t.messageId, t.investorId),
    index("mail_contacts_investor_sent_at").on(t.investorId, t.sentAt),
    index("mail_contacts_unlogged").on(t.loggedAt, t.sentAt),
  ],
);

/**
 * Where the sync stopped in each mailbox: the last UID read under a UIDVALIDITY. A new
 * UIDVALIDITY, or a change in the set of investor addresses (`addresses_hash`), reads the mailbox
 * again from the start; the unique Message-ID keeps that from duplicating anything.
 */
export const mailMailboxes = sqliteTable("mail_mailboxes", {
  path: text("path").primaryKey(),
  uidValidity: text("uid_validity").notNull(),
  lastUid: integer("last_uid").notNull().default(0),
  addressesHash: text("addresses_hash").notNull().default(""),
  syncedAt: text("synced_at"),
});

/**
 * What a one-click action recorded, so "Undo" removes exactly that (decision 036): the contact
 * entries it appended and the status and last contact date it moved, from → to (`change`, JSON,
 * app/domain/undo.ts). The token the founder holds is random; only its SHA-256 is kept. A row is
 * used once and lives `UNDO_MINUTES`; expired rows are deleted by the next action or undo.
 */
export const undoChanges = sqliteTable(
  "undo_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull(),
    change: text("change", { mode: "json" }).$type<RecordedChange>().notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("undo_changes_expires_at").on(t.expiresAt)],
);
/**
 * A path to an investor: through a person (`person_id`) the member `member_id` knows, or the
 * member's own mail with the investor (`person_id` null: direct). One path per (investor, person,
 * member). `tier` and `evidence` are measured for mail paths; a sheet's or a member's word has no
 * tier. The intro's own state lives on the path: to ask → asked (`asked_on`) → agreed → introduced,
 * or declined, moved by a member (`state_by_member_id`, `state_at`).
 */
export const introPaths = sqliteTable(
  "intro_paths",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    source: text("source", { enum: INTRO_SOURCES }).notNull(),
    tier: text("tier", { enum: PATH_TIERS }),
    // Why the app believes it, in words (mail's counts; the sheet's own words, e.g. "ex-colleague").
    evidence: text("evidence").notNull().default(""),
    state: text("state", { enum: INTRO_STATES }).notNull().default("to_ask"),
    askedOn: text("asked_on"),
    stateAt: text("state_at"),
    stateByMemberId: integer("state_by_member_id").references(() => members.id, { onDelete: "set null" }),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("intro_paths_unique").on(t.investorId, sql`coalesce(${t.personId}, 0)`, sql`coalesce(${t.memberId}, 0)`),
    index("intro_paths_person").on(t.personId),
    index("intro_paths_demo_state").on(t.isDemo, t.state),
  ],
);

export * from "./schema-discovery.ts";
export * from "./schema-people.ts";
export * from "./schema-intros.ts";
export * from "./schema-mail-pairs.ts";
