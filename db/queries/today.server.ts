import { whileUnwritten } from "./version-memo.server.ts";
import { KEPT_ORDER_ACTIONS, keptOrder } from "./today-order.server.ts";
import type { RecommendedAction, RelationshipStatus } from "#app/domain/investor.ts";
import { parseTodayExpand } from "#app/domain/dashboard-query.ts";
import { EMAIL_FIRST_ORDER, TODAY_ACTIONS, TODAY_SHOWN, type TodayAction, type TodayLists } from "#app/domain/today.ts";
import { positiveId } from "#app/domain/id.ts";
import { isUndoToken } from "#app/domain/undo.ts";
import {
  type Answered,
  type StepAnswered,
  type StepToAnswer,
  answeredParam,
  stepErrorParam,
  stepToAnswer,
} from "#app/domain/next-step-answer.ts";
import { MAIL_SHOWN } from "#app/domain/mail-today.ts";
import { type AppDatabase, statement } from "../database.server.ts";
import { readMailToLog, readRepliesWaiting } from "./mail.server.ts";
import { bestPathSql, introNotice, readWarmPath, warmSql } from "./warm-paths.server.ts";
import type { WarmPath } from "#app/domain/warm-path.ts";
import type { DeckFacts } from "#app/domain/deck-signals.ts";
import { deckFactsIn } from "./deck-signals.server.ts";
import { headlineStartup, rankedStartups } from "./startups.server.ts";

export type TodayRow = {
  id: number;
  name: string;
  firm: string | null;
  email: string | null;
  score: number;
  action: RecommendedAction;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  /** The follow-ups' facts (decision 030): the next step and its date, the meeting date. */
  next_step: string | null;
  next_step_date: string | null;
  meeting_date: string | null;
  signal_hook: string | null;
  signal_red_flag: string | null;
  hook_at: string | null;
  action_since: string | null;
  /** The action's reason in the founder's words, as the last scoring wrote it. */
  reason: string | null;
  fit: number | null;
  /** Today's tie-break "a warm path", graded (warmRank in app/domain/warm-path.ts). */
  warm: number;
  /** The warm path in hand (decision 065): an email-first row becomes "Ask Erik for an intro…", a follow-up the nudge. */
  intro: WarmPath | null;
  cheque: number | null;
  /** The name of the member who looks after them (decision 062), or null. */
  owner: string | null;
  /** Their deck link's views (decision 068): a read is the follow-up's line. */
  deck: DeckFacts | null;
};

/** Whose investors a read covers (decision 062): a member's id ("Mine"), or null for everyone. */
export type Mine = number | null;

/** The condition "Mine" adds, with its two parameters (`mineParams`): one statement for both views. */
const MINE_SQL = "(? is null or i.owner_member_id = ?)";
const mineParams = (mine: Mine) => [mine, mine];

/** A warm path in SQL, graded as app/domain/warm-path.ts's warmRank says it: the strongest live path, else mail with them. */
export const WARM_PATH_SQL = warmSql("i.id");

/** Each key of EMAIL_FIRST_ORDER as a column of the query below. */
const ORDER_COLUMNS: Record<(typeof EMAIL_FIRST_ORDER)[number]["key"], string> = {
  score: "i.score",
  fit: "i.signal_fit",
  hook_at: "hook_at",
  warm: "warm",
  cheque: "i.fit_cheque",
  name: "name_key(i.name)",
  id: "i.id",
};

/** the docs/product.md#scoring-and-actions order within each action, in SQL; email first's read from EMAIL_FIRST_ORDER, the one place it is declared. */
const ORDER_BY: Record<TodayAction, string> = {
  email_first: EMAIL_FIRST_ORDER.map(
    ({ key, desc }) => `${ORDER_COLUMNS[key]} is null, ${ORDER_COLUMNS[key]} ${desc ? "desc" : "asc"}`,
  ).join(", "),
  follow_up:
    "i.next_step_date is null, i.next_step_date asc, i.last_contact_date is null, i.last_contact_date asc, i.score desc, name_key(i.name), i.id",
  dont_chase: "i.action_since is null, substr(i.action_since, 1, 10) desc, i.score desc, name_key(i.name), i.id",
};

const COLUMNS = `i.id, i.name, i.firm, i.email, i.score, i.action, i.relationship_status, i.last_contact_date,
  i.next_step, i.next_step_date, i.meeting_date,
  i.signal_hook, i.signal_red_flag, coalesce(e.published_at, e.found_at) as hook_at, i.action_since,
  json_extract(i.score_explained, '$.action_reason') as reason, i.signal_fit as fit, ${WARM_PATH_SQL} as warm, i.fit_cheque as cheque,
  (select o.name from members o where o.id = i.owner_member_id) as owner`;

/**
 * The first `limit` rows of each Today list for one side (real or demo, never both). Reads only
 * what it shows: three indexed, limited queries, whatever the size of the pipeline.
 */
export function readToday(db: AppDatabase, demo: boolean, limit: number, mine: Mine = null): TodayLists<TodayRow> {
  const lists = {} as TodayLists<TodayRow>;
  for (const action of TODAY_ACTIONS) lists[action] = readTodayList(db, demo, action, limit, mine);
  return lists;
}

export function readTodayList(db: AppDatabase, demo: boolean, action: TodayAction, limit: number, mine: Mine = null): TodayRow[] {
  // The page and its digest line read the same lists: once per version (decision 066).
  return whileUnwritten(db, `today-list:${demo}:${action}:${limit}:${mine}`, () => readTodayListNow(db, demo, action, limit, mine));
}

function readTodayListNow(db: AppDatabase, demo: boolean, action: TodayAction, limit: number, mine: Mine): TodayRow[] {
  if ((KEPT_ORDER_ACTIONS as readonly string[]).includes(action)) {
    // The order kept until it could change (today-order.server.ts); the rows read fresh for its ids.
    const ids = keptOrder(db, `${demo}:${action}:${limit}:${mine}`, () =>
      (
        statement(
          db,
          `select i.id from investors i where i.is_demo = ? and i.action = ? and ${MINE_SQL} order by ${ORDER_BY[action]} limit ?`,
        ).all(demo ? 1 : 0, action, ...mineParams(mine), limit) as Array<{ id: number }>
      ).map((row) => row.id),
    );
    const rows = statement(
      db,
      `select ${COLUMNS} from investors i left join evidence e on e.id = i.signal_hook_evidence_id where i.id in (select value from json_each(?))`,
    ).all(JSON.stringify(ids)) as Array<Omit<TodayRow, "intro" | "deck">>;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return withIntro(
      db,
      ids.flatMap((id) => byId.get(id) ?? []),
    );
  }
  const rows = statement(
    db,
    `select ${COLUMNS} from investors i left join evidence e on e.id = i.signal_hook_evidence_id
       where i.is_demo = ? and i.action = ? and ${MINE_SQL} order by ${ORDER_BY[action]} limit ?`,
  ).all(demo ? 1 : 0, action, ...mineParams(mine), limit) as Array<Omit<TodayRow, "intro" | "deck">>;
  return withIntro(db, rows);
}

/**
 * The path in hand and the deck's facts for the rows shown only (SQLite would compute a select-list
 * subquery for every row it sorts): a follow-up's line says a read (decision 068) as its reason does.
 */
function withIntro(db: AppDatabase, rows: Array<Omit<TodayRow, "intro" | "deck">>): TodayRow[] {
  const intro = statement(db, `select ${bestPathSql("?")} as intro`);
  const decks = rows.length === 0 ? new Map<number, DeckFacts>() : deckFactsIn(db, { ids: rows.map((row) => row.id) });
  return rows.map((row) => ({
    ...row,
    intro: readWarmPath((intro.get(row.id) as { intro: string | null }).intro),
    deck: decks.get(row.id) ?? null,
  }));
}

/** The most rows "show all" lists at once; a founder with more than this uses the table. */
const SHOW_ALL_LIMIT = 200;

/** Counted per action in the index's order (three times faster than a sum per list over each row: 2.0 against 6.1 ms at 26,000; decision 069). */
export const COUNT_TODAY_SQL = "select action, count(*) as count from investors i where is_demo = ?";

/**
 * How many investors each Today list holds, and how many are tracked at all, for one side. Everyone's
 * count reads the (is_demo, action, owner) index alone, "Mine"'s too (its condition is added only when
 * asked: written as `(? is null or …)` it read every row of the table, 110 ms at 32,000, issue 35).
 */
export function countToday(db: AppDatabase, demo: boolean, mine: Mine = null): Record<TodayAction | "research" | "tracked", number> {
  type Counts = Record<TodayAction | "research" | "tracked", number>;
  return whileUnwritten(db, `count-today:${demo}:${mine}`, () => {
    const rows = (
      mine === null
        ? statement(db, `${COUNT_TODAY_SQL} group by action`).all(demo ? 1 : 0)
        : statement(db, `${COUNT_TODAY_SQL} and i.owner_member_id = ? group by action`).all(demo ? 1 : 0, mine)
    ) as Array<{ action: string; count: number }>;
    const counts: Counts = { tracked: 0, email_first: 0, follow_up: 0, dont_chase: 0, research: 0 };
    for (const { action, count } of rows) {
      counts.tracked += count;
      if (action in counts && action !== "tracked") counts[action as keyof Counts] += count;
    }
    return counts;
  });
}

/** Counted from the (is_demo, action, owner) index alone, then named: 0.02 ms where joining each row to its owner took 7.5 ms at 28,900 (decision 069). */
export const FOLLOW_UPS_BY_OWNER_SQL = `select o.name as name, c.count as count from (
       select owner_member_id, count(*) as count from investors
        where is_demo = ? and action = 'follow_up' and owner_member_id is not null group by owner_member_id) c
       join members o on o.id = c.owner_member_id order by c.count desc, o.name`;

/** Whose the follow-ups due are (decision 062): each owner's name and count, most first (the digest says it). */
export function countFollowUpsByOwner(db: AppDatabase, demo: boolean): Array<{ name: string; count: number }> {
  return statement(db, FOLLOW_UPS_BY_OWNER_SQL).all(demo ? 1 : 0) as Array<{ name: string; count: number }>;
}

/** How many of a side's investors nobody owns: what "Mine" leaves out and says so (decision 062). */
export function countUnowned(db: AppDatabase, demo: boolean): number {
  return (
    statement(db, "select count(*) as n from investors where is_demo = ? and owner_member_id is null").get(demo ? 1 : 0) as { n: number }
  ).n;
}

/** How far under the email-first line a score is "just below" it: Today counts those investors under its list. */
export const JUST_BELOW_POINTS = 5;

/**
 * The real investors not yet contacted who wait with a score just under the email-first line
 * (`from` up to the line, the line left out): those a founder would email next, or by lowering the
 * line. One indexed count.
 */
export function countJustBelow(db: AppDatabase, emailFirstAt: number): { count: number; from: number; waiting: number; best: number } {
  const from = Math.max(0, emailFirstAt - JUST_BELOW_POINTS);
  const row = statement(
    db,
    `select count(*) as waiting, coalesce(max(score), 0) as best, coalesce(sum(score >= ?), 0) as count from investors
       where is_demo = 0 and action = 'wait' and relationship_status = 'not_contacted' and score < ?`,
  ).get(from, emailFirstAt) as { waiting: number; best: number; count: number };
  return { count: row.count, from, waiting: row.waiting, best: row.best };
}

/** Everything the Today section shows, for one side. */
export function loadToday(
  db: AppDatabase,
  demo: boolean,
  options: {
    now: Date;
    followUpAfterDays: number;
    expand?: TodayAction | null;
    shown: number;
    emailedId?: number | null;
    /** Whether this side has mail capture (the demo always does): its empty sections then say so. */
    mailSetUp?: boolean;
    /** How many emails the last "Log" recorded, to say so. */
    logged?: number | null;
    /** The token that undoes the "Emailed" or "Log" just recorded, and what the last undo did (decision 036). */
    undo?: string | null;
    undone?: number | "expired" | null;
    /** How many emails the last undo of a "Log" put back to log. */
    unlogged?: number | null;
    /** The next step just answered after "Emailed", or why the answer was not saved (decision 053). */
    answered?: StepAnswered | null;
    stepError?: "missing" | "invalid" | null;
    /** "Mine": only this member's investors (decision 062); null or absent, everyone's. */
    mine?: Mine;
    /** The intro path just marked asked, or put back to ask by the Undo (decision 065), to say so. */
    introAsked?: { pathId: number | null; how: "asked" | "unasked" } | null;
  },
) {
  const mine = options.mine ?? null;
  const counts = countToday(db, demo, mine);
  const lists = readToday(db, demo, options.shown, mine);
  if (options.expand) lists[options.expand] = readTodayList(db, demo, options.expand, SHOW_ALL_LIMIT, mine);
  const hasStartups = (db.$client.prepare("select count(*) as n from startups where is_demo = ?").get(demo ? 1 : 0) as { n: number }).n > 0;
  const nameOf = (id: number | null | undefined) =>
    id
      ? ((
          db.$client.prepare("select name from investors where id = ? and is_demo = ?").get(id, demo ? 1 : 0) as
            | { name: string }
            | undefined
        )?.name ?? null)
      : null;
  const emailed = nameOf(options.emailedId);
  // After "Emailed": the next step it acted on, asked about in the same place until answered (decision 053).
  const ask = emailed && !options.answered ? stepAsked(db, options.emailedId!, demo) : null;
  // Whose rubric the scores are (decision 039): the round raising now's, with its own threshold.
  const headline = demo ? undefined : headlineStartup(rankedStartups(db));
  return {
    emailed,
    ask: ask ? { id: options.emailedId!, step: ask, error: options.stepError ?? null } : null,
    answered: emailed && options.answered ? answeredOf(db, options.emailedId!, demo, options.answered) : null,
    introAsked: options.introAsked ? introNotice(db, options.introAsked.pathId, demo, options.introAsked.how) : null,
    undo: emailed || (options.logged ?? 0) > 0 ? (options.undo ?? null) : null,
    undone: undoneOf(options.undone, options.unlogged, nameOf),
    logged: options.logged ?? null,
    mail: {
      setUp: options.mailSetUp ?? false,
      replies: readRepliesWaiting(db, demo, MAIL_SHOWN),
      toLog: readMailToLog(db, demo, MAIL_SHOWN),
    },
    lists,
    counts: { email_first: counts.email_first, follow_up: counts.follow_up, dont_chase: counts.dont_chase },
    expanded: options.expand ?? null,
    shown: options.shown,
    today: options.now.toISOString().slice(0, 10),
    followUpAfterDays: options.followUpAfterDays,
    hasStartups,
    scoredFor: headline ? scoredFor(db, headline) : null,
    researchCount: counts.research,
  };
}

/** What an answer left, for the notice: "done", or the next step now on file. */
export function answeredOf(db: AppDatabase, id: number, demo: boolean, how: StepAnswered): Answered | null {
  if (how === "done") return { how };
  const row = statement(db, "select next_step as text, next_step_date as date from investors where id = ? and is_demo = ?").get(
    id,
    demo ? 1 : 0,
  ) as { text: string | null; date: string | null } | undefined;
  return row ? { how, text: row.text, date: row.date } : null;
}

/** The next step an investor's last contact acted on, still to be answered; null when none. */
export function stepAsked(db: AppDatabase, id: number, demo: boolean): StepToAnswer | null {
  const row = statement(
    db,
    "select relationship_status, last_contact_date, next_step, next_step_date from investors where id = ? and is_demo = ?",
  ).get(id, demo ? 1 : 0) as Parameters<typeof stepToAnswer>[0] | undefined;
  return row ? stepToAnswer(row) : null;
}

/** Whose scores Today shows, its line, and how many wait just under it (decision 039). */
function scoredFor(db: AppDatabase, headline: { id: number; name: string; rubric: { thresholds: { email_first: number } } }) {
  const emailFirstAt = headline.rubric.thresholds.email_first;
  return { startup: headline.name, startupId: headline.id, emailFirstAt, justBelow: countJustBelow(db, emailFirstAt) };
}

/** What the last undo did, as the notice says it: an investor's "Emailed", a count of emails to log again, or too late. */
function undoneOf(
  undone: number | "expired" | null | undefined,
  unlogged: number | null | undefined,
  nameOf: (id: number) => string | null,
): { name: string | null } | { unlogged: number } | "expired" | null {
  if (undone === "expired") return "expired";
  if (unlogged) return { unlogged };
  return undone ? { name: nameOf(undone) } : null;
}

/** Today as the dashboard and the demo show it, from the page's search params (`?all=`, `?emailed=`, `?undo=`, `?undone=`, `?unlogged=`, `?logged=`, `?answered=`, `?step_error=`, `?asked=`, `?unasked=`). */
export function loadTodayForPage(
  db: AppDatabase,
  demo: boolean,
  params: URLSearchParams,
  options: { now: Date; followUpAfterDays: number; mailSetUp?: boolean; mine?: Mine },
) {
  const count = (name: string) => {
    const value = params.get(name);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
  };
  return loadToday(db, demo, {
    ...options,
    logged: count("logged"),
    unlogged: count("unlogged"),
    expand: parseTodayExpand(params),
    shown: TODAY_SHOWN,
    emailedId: positiveId(params.get("emailed") ?? undefined) ?? null,
    undo: isUndoToken(params.get("undo")) ? params.get("undo") : null,
    undone: params.get("undone") === "expired" ? "expired" : (positiveId(params.get("undone") ?? undefined) ?? null),
    answered: answeredParam(params.get("answered")),
    stepError: stepErrorParam(params.get("step_error")),
    introAsked: params.has("asked")
      ? { pathId: positiveId(params.get("asked") ?? undefined) ?? null, how: "asked" }
      : params.has("unasked")
        ? { pathId: positiveId(params.get("unasked") ?? undefined) ?? null, how: "unasked" }
        : null,
  });
}
