import { type DeckFacts, type DeckViewFacts, READ_MIN_PAGES, READ_MIN_SECONDS } from "#app/domain/deck-signals.ts";
import { sql } from "drizzle-orm";
import { type AppDatabase, type Db, statement } from "../database.server.ts";
import { type InvestorSet, setCondition } from "./investor-set.ts";

/**
 * What the deck links' views say, read for the follow-up rules, Today, the digest, the timeline
 * and the chat (decision 068). Every read is bounded: by a set of investors through
 * `deck_links_investor`, by one investor, or by a start date through `deck_views_started`, never
 * a loop over the pipeline. A view by a link-preview bot (`bot` set) is never a view here: it is
 * counted apart.
 */

/** A view `v` is a read (app/domain/deck-signals.ts isRead), in SQL. */
const isReadSql = (v: string) => `(${v}.seconds >= ${READ_MIN_SECONDS} or ${v}.pages_seen >= ${READ_MIN_PAGES})`;
const IS_READ = isReadSql("v");

/** The page a view `v` spent the most seconds on, and its title, as columns. */
const topPageSql = (v: string) =>
  `(select p.page from deck_view_pages p where p.view_id = ${v}.id order by p.seconds desc, p.page limit 1)`;
const topTitleSql = (
  v: string,
) => `(select dp.title from deck_view_pages p join deck_pages dp on dp.version_id = ${v}.version_id and dp.number = p.page
    where p.view_id = ${v}.id order by p.seconds desc, p.page limit 1)`;

type ViewRow = {
  started_at: string;
  seconds: number;
  pages_seen: number;
  top_page: number | null;
  top_title: string | null;
  forwarded: number;
};

function viewFacts(row: ViewRow): DeckViewFacts {
  return {
    startedAt: row.started_at,
    seconds: row.seconds,
    pages: row.pages_seen,
    topPage: row.top_page,
    topTitle: row.top_title,
    forwarded: row.forwarded === 1,
  };
}

/** Runs one of the statements below with its parameters: a prepared statement, or drizzle's inside a transaction. */
type Run = (text: string, params: readonly unknown[]) => unknown[];

/**
 * The deck facts of every investor of `where` who has a link (one map entry each), in four indexed
 * statements whatever the set's size: the links, the views' totals, the newest view and the
 * newest read. When was it sent: the link's `sent_at`, else the first contact logged on or after
 * the day the link was made (the outreach that carried it), else the investor's last contact when
 * it is that day or later. A revoked link is not waiting to be opened: only live ones count as sent.
 */
export function deckFactsSql(where: string) {
  return {
    links: `select l.investor_id, (select i.firm from investors i where i.id = l.investor_id) as firm,
       min(case when l.revoked_at is null then coalesce(substr(l.sent_at, 1, 10),
         (select min(c.date) from contact_entries c where c.investor_id = l.investor_id and c.date >= substr(l.created_at, 1, 10)),
         (select i.last_contact_date from investors i where i.id = l.investor_id and i.last_contact_date >= substr(l.created_at, 1, 10))) end) as sent_on
     from deck_links l where ${where} group by l.investor_id`,
    totals: `select l.investor_id, count(*) filter (where v.bot is null) as views, count(*) filter (where v.bot is null and ${IS_READ}) as reads,
       coalesce(sum(v.seconds) filter (where v.bot is null), 0) as seconds, count(*) filter (where v.bot is not null) as previews,
       coalesce(max(v.forwarded) filter (where v.bot is null), 0) as forwarded
     from deck_links l join deck_views v on v.link_id = l.id where ${where} group by l.investor_id`,
    latestView: latestSql(where, false),
    latestRead: latestSql(where, true),
  };
}

/** Each investor's newest view (or read) by a person, with its longest page. */
function latestSql(where: string, onlyReads: boolean): string {
  return `select investor_id, started_at, seconds, pages_seen, forwarded, ${topPageSql("x")} as top_page, ${topTitleSql("x")} as top_title
    from (select l.investor_id, v.*, row_number() over (partition by l.investor_id order by v.started_at desc, v.id desc) as n
          from deck_links l join deck_views v on v.link_id = l.id
          where ${where} and v.bot is null${onlyReads ? ` and ${IS_READ}` : ""}) x
    where n = 1`;
}

function collectDeckFacts(run: Run, where: { sql: string; params: readonly unknown[] }): Map<number, DeckFacts> {
  const facts = new Map<number, DeckFacts>();
  const statements = deckFactsSql(where.sql);
  const links = run(statements.links, where.params) as Array<{ investor_id: number; firm: string | null; sent_on: string | null }>;
  if (links.length === 0) return facts;
  for (const link of links) {
    facts.set(link.investor_id, {
      firm: link.firm,
      sentOn: link.sent_on,
      views: 0,
      reads: 0,
      totalSeconds: 0,
      previews: 0,
      forwarded: false,
      latestView: null,
      latestRead: null,
    });
  }
  const totals = run(statements.totals, where.params) as Array<{
    investor_id: number;
    views: number;
    reads: number;
    seconds: number;
    previews: number;
    forwarded: number;
  }>;
  for (const row of totals) {
    const entry = facts.get(row.investor_id);
    if (!entry) continue;
    entry.views = row.views;
    entry.reads = row.reads;
    entry.totalSeconds = row.seconds;
    entry.previews = row.previews;
    entry.forwarded = row.forwarded === 1;
  }
  for (const key of ["latestView", "latestRead"] as const) {
    const rows = run(statements[key], where.params) as Array<ViewRow & { investor_id: number }>;
    for (const row of rows) {
      const entry = facts.get(row.investor_id);
      if (entry) entry[key] = viewFacts(row);
    }
  }
  return facts;
}

/** The deck facts of the investors of `set` who have a link: prepared statements, one pass per range of a re-score. */
export function deckFactsIn(db: AppDatabase, set: InvestorSet): Map<number, DeckFacts> {
  return collectDeckFacts((text, params) => statement(db, text).all(...params), setCondition("l.investor_id", set));
}

/** One investor's deck facts (inside a caller's transaction too), or null without a link. */
export function deckFactsOf(db: Db, investorId: number): DeckFacts | null {
  // An id is a whole number, so it is written into the text.
  if (!Number.isSafeInteger(investorId)) return null;
  const run: Run = (text) => db.all(sql.raw(text));
  return collectDeckFacts(run, { sql: `l.investor_id = ${investorId}`, params: [] }).get(investorId) ?? null;
}

/** A visit to one of an investor's links as their timeline lists it (bots included, said apart). */
export type DeckViewEvent = {
  id: number;
  startedAt: string;
  seconds: number;
  pages: number;
  topPage: number | null;
  topTitle: string | null;
  bot: string | null;
  forwarded: boolean;
  device: string;
};

/** The newest `limit` visits to an investor's links, newest first (through deck_links_investor and deck_views_link). */
export function readDeckViewsOf(db: AppDatabase, investorId: number, limit: number): DeckViewEvent[] {
  const rows = statement(
    db,
    `select v.id, v.started_at, v.seconds, v.pages_seen, v.bot, v.forwarded, v.device, ${topPageSql("v")} as top_page, ${topTitleSql("v")} as top_title
     from deck_links l join deck_views v on v.link_id = l.id
     where l.investor_id = ? order by v.started_at desc, v.id desc limit ?`,
  ).all(investorId, limit) as Array<ViewRow & { id: number; bot: string | null; device: string }>;
  return rows.map((row) => ({
    id: row.id,
    ...viewFacts(row),
    bot: row.bot,
    device: row.device,
  }));
}

/** A read of the deck by an investor, for the chat's "who read my deck this week?" and the digest. */
export type DeckRead = {
  investorId: number;
  name: string;
  firm: string | null;
  startedAt: string;
  seconds: number;
  pages: number;
  topTitle: string | null;
  topPage: number | null;
  forwarded: boolean;
};

/**
 * Investors on one side who read the deck since `since` (an ISO timestamp), each once with their
 * newest read, newest first, at most `limit`: the views since then through deck_views_started.
 */
export function readDeckReadsSince(db: AppDatabase, demo: boolean, since: string, limit: number): DeckRead[] {
  const rows = statement(
    db,
    `select investor_id, name, firm, started_at, seconds, pages_seen, forwarded, ${topPageSql("x")} as top_page, ${topTitleSql("x")} as top_title
     from (select i.id as investor_id, i.name, i.firm, v.*, row_number() over (partition by i.id order by v.started_at desc, v.id desc) as n
           from deck_views v join deck_links l on l.id = v.link_id join investors i on i.id = l.investor_id
           where v.started_at >= ? and v.bot is null and ${IS_READ} and i.is_demo = ?) x
     where n = 1 order by started_at desc, investor_id limit ?`,
  ).all(since, demo ? 1 : 0, limit) as Array<ViewRow & { investor_id: number; name: string; firm: string | null }>;
  return rows.map((row) => ({ investorId: row.investor_id, name: row.name, firm: row.firm, ...viewFacts(row) }));
}

/** How many investors on one side read the deck since `since` (the digest's "2 read your deck"). */
export function countDeckReadersSince(db: AppDatabase, demo: boolean, since: string): number {
  return statement(
    db,
    `select count(distinct l.investor_id) from deck_views v join deck_links l on l.id = v.link_id join investors i on i.id = l.investor_id
     where v.started_at >= ? and v.bot is null and ${IS_READ} and i.is_demo = ?`,
  )
    .pluck()
    .get(since, demo ? 1 : 0) as number;
}

/**
 * The nonce of an investor's newest live link (not revoked, not expired at `now`), from which the
 * service derives its address for the outreach draft; null without one.
 */
export function liveDeckLinkNonce(db: AppDatabase, investorId: number, now: Date): string | null {
  const nonce = statement(
    db,
    `select nonce from deck_links where investor_id = ? and revoked_at is null and (expires_at is null or expires_at > ?)
     order by created_at desc, id desc limit 1`,
  )
    .pluck()
    .get(investorId, now.toISOString());
  return typeof nonce === "string" ? nonce : null;
}
