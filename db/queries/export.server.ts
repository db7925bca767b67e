import Database from "better-sqlite3";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { type AppDatabase, type Db, schema } from "../database.server.ts";
import {
  activity,
  contactEntries,
  evaluations,
  evidence,
  investors,
  mailContacts,
  members,
  rubrics,
  startupScores,
  startups,
} from "../schema.ts";
import { type ContactRow, investorJson } from "./investors.server.ts";
import type { InvestorRow } from "./investor-row.server.ts";
import type { ExportedDeckLink, ExportedDeckView } from "./deck-export.server.ts";
import type { roundJson } from "#app/domain/round-input.ts";
import { READ_MIN_PAGES, READ_MIN_SECONDS } from "#app/domain/deck-signals.ts";

/**
 * The exports read a window at a time (decision 056): /export.json and /export.csv never hold more
 * than one chunk of rows, whatever the number of investors, startups or scores. Each read is
 * keyset-paged (by id, or by the primary key's next column), so a chunk costs the same at the end
 * of a 25,000-investor list as at its start.
 */
export const EXPORT_INVESTORS_PER_CHUNK = 50;
export const EXPORT_ROWS_PER_CHUNK = 250;

/**
 * One export's own read-only connection, in one read transaction: every chunk is read from the
 * same snapshot, so a write made while the file streams (an edit, a delete, a refresh) never
 * leaves the file naming a row it does not hold. The main connection keeps writing meanwhile (WAL);
 * the snapshot only keeps a checkpoint from passing it until `close()`. A database in memory (the
 * fast tests) has no file a second connection could open: it is read as it is.
 */
export type ExportSnapshot = { db: Db; close: () => void };

/** The export connection's page cache, in KiB (negative cache_size): small, a chunk is read once. */
const SNAPSHOT_CACHE_KIB = -2000;

export function openExportSnapshot(main: AppDatabase): ExportSnapshot {
  if (main.$client.memory) return { db: main, close: () => {} };
  const client = new Database(main.$client.name, { readonly: true, fileMustExist: true });
  let closed = false;
  try {
    client.pragma("busy_timeout = 5000");
    client.pragma(`cache_size = ${SNAPSHOT_CACHE_KIB}`);
    client.exec("begin");
    // The snapshot starts at the first read inside the transaction.
    client.prepare("select count(*) from app_state").get();
  } catch (error) {
    client.close();
    throw error;
  }
  return {
    db: drizzle({ client, schema }),
    close: () => {
      if (closed) return;
      closed = true;
      try {
        client.exec("commit");
      } finally {
        client.close();
      }
    },
  };
}

/** The columns /export.csv writes (not the score's explanation, the largest, which it does not carry). */
const CSV_COLUMNS = {
  id: investors.id,
  name: investors.name,
  firm: investors.firm,
  kind: investors.kind,
  website: investors.website,
  linkedinUrl: investors.linkedinUrl,
  email: investors.email,
  sectors: investors.sectors,
  stages: investors.stages,
  geographies: investors.geographies,
  basedIn: investors.basedIn,
  checkMin: investors.checkMin,
  checkMax: investors.checkMax,
  checkCurrency: investors.checkCurrency,
  relationshipStatus: investors.relationshipStatus,
  lastContactDate: investors.lastContactDate,
  personalNotes: investors.personalNotes,
  amount: investors.amount,
  amountCurrency: investors.amountCurrency,
  nextStep: investors.nextStep,
  nextStepDate: investors.nextStepDate,
  meetingDate: investors.meetingDate,
  passReason: investors.passReason,
  passNote: investors.passNote,
  // The owner by name (decision 062), as the import reads the column back.
  owner: sql<string | null>`(select m.name from members m where m.id = ${investors.ownerMemberId})`,
  score: investors.score,
  action: investors.action,
  signalActivity: investors.signalActivity,
  signalFit: investors.signalFit,
  signalHook: investors.signalHook,
  signalRedFlag: investors.signalRedFlag,
  signalsCheckedAt: investors.signalsCheckedAt,
  amountStartupId: investors.amountStartupId,
  // The people who can introduce the team (decision 065), in the order they were added.
  introVia: sql<
    string | null
  >`(select group_concat(name, '; ') from (select p.name from intro_paths ip join people p on p.id = ip.person_id where ip.investor_id = "investors"."id" order by ip.id))`,
  // The deck (decision 068): views by people, and the newest read (READ_MIN_SECONDS or READ_MIN_PAGES), through the links' investor index.
  deckViews: sql<number>`(select count(*) from deck_links l join deck_views v on v.link_id = l.id where l.investor_id = "investors"."id" and v.bot is null)`,
  deckLastRead: sql<
    string | null
  >`(select max(v.started_at) from deck_links l join deck_views v on v.link_id = l.id where l.investor_id = "investors"."id" and v.bot is null and (v.seconds >= ${sql.raw(String(READ_MIN_SECONDS))} or v.pages_seen >= ${sql.raw(String(READ_MIN_PAGES))}))`,
};

/** The next chunk of real investors after `afterId`, with the columns /export.csv writes (by the primary key, as below). */
export function csvInvestorsAfter(db: Db, afterId: number, limit = EXPORT_INVESTORS_PER_CHUNK) {
  return db
    .select(CSV_COLUMNS)
    .from(investors)
    .where(and(sql`+${investors.isDemo} = 0`, gt(investors.id, afterId)))
    .orderBy(asc(investors.id))
    .limit(limit)
    .all();
}

/** The real investors after `afterId`, in id order (demo rows never leave through an export). */
function realInvestorsAfter(db: Db, afterId: number, limit: number): InvestorRow[] {
  return (
    db
      .select()
      .from(investors)
      // `+is_demo`: the primary key's range, not the is_demo index and a sort of every real investor per chunk
      // (19 ms a chunk at 25,000 investors against 1.8).
      .where(and(sql`+${investors.isDemo} = 0`, gt(investors.id, afterId)))
      .orderBy(asc(investors.id))
      .limit(limit)
      .all()
  );
}

/** An investor as /export.json writes it: as route #9 answers it, whole history, plus its evidence. */
export type ExportedInvestor = ReturnType<typeof exportedInvestor>;

function exportedInvestor(row: InvestorRow, contacts: ContactRow[], found: Array<typeof evidence.$inferSelect>) {
  return {
    ...investorJson(row, contacts),
    evidence: found.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      excerpt: item.excerpt,
      source: item.source,
      published_at: item.publishedAt,
      found_at: item.foundAt,
      run_id: item.runId,
      content_hash: item.contentHash,
      category: item.category,
      relevance: item.relevance,
      summary: item.summary,
    })),
  };
}

/** The next chunk of real investors after `afterId`, each with its contact history and evidence. */
export function exportedInvestorsAfter(db: Db, afterId: number, limit = EXPORT_INVESTORS_PER_CHUNK): ExportedInvestor[] {
  const rows = realInvestorsAfter(db, afterId, limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const contacts = groupBy(
    db.select().from(contactEntries).where(inArray(contactEntries.investorId, ids)).orderBy(asc(contactEntries.id)).all(),
    (c) => c.investorId,
  );
  const found = groupBy(
    db.select().from(evidence).where(inArray(evidence.investorId, ids)).orderBy(asc(evidence.id)).all(),
    (e) => e.investorId,
  );
  return rows.map((row) => exportedInvestor(row, contacts.get(row.id) ?? [], found.get(row.id) ?? []));
}

export type ExportedMail = ReturnType<typeof mailContactsAfter>[number];
/** Where a chunk of mail ended: the order's key (investor, date, id). */
export type MailKey = { investorId: number; sentAt: string; id: number };

/**
 * Mail capture (decision 014): what the sync found, logged or not, for real investors, ordered by
 * investor, date and id; the next chunk after `after` (null for the first).
 */
export function mailContactsAfter(db: Db, after: MailKey | null, limit = EXPORT_ROWS_PER_CHUNK) {
  const past = after
    ? sql`(${mailContacts.investorId}, ${mailContacts.sentAt}, ${mailContacts.id}) > (${after.investorId}, ${after.sentAt}, ${after.id})`
    : undefined;
  return db
    .select({
      id: mailContacts.id,
      investor_id: mailContacts.investorId,
      direction: mailContacts.direction,
      sent_at: mailContacts.sentAt,
      subject: mailContacts.subject,
      message_id: mailContacts.messageId,
      logged_at: mailContacts.loggedAt,
    })
    .from(mailContacts)
    .innerJoin(investors, eq(investors.id, mailContacts.investorId))
    .where(and(eq(investors.isDemo, false), past))
    .orderBy(asc(mailContacts.investorId), asc(mailContacts.sentAt), asc(mailContacts.id))
    .limit(limit)
    .all();
}

/** The real startups (a handful) with every version of their rubric; their evaluations and scores are read apart. */
export function realStartupsWithRubrics(db: Db) {
  const rows = db.select().from(startups).where(eq(startups.isDemo, false)).orderBy(asc(startups.id)).all();
  return rows.map((startup) => ({
    ...startup,
    rubrics: db.select().from(rubrics).where(eq(rubrics.startupId, startup.id)).orderBy(asc(rubrics.version)).all(),
  }));
}

/** A startup's evaluations after investor `afterInvestorId`, by investor (the primary key's order). */
export function evaluationsAfter(db: Db, startupId: number, afterInvestorId: number, limit = EXPORT_ROWS_PER_CHUNK) {
  return db
    .select()
    .from(evaluations)
    .where(and(eq(evaluations.startupId, startupId), gt(evaluations.investorId, afterInvestorId)))
    .orderBy(asc(evaluations.investorId))
    .limit(limit)
    .all();
}

/** A startup's per-investor scores after investor `afterInvestorId`, by investor (the primary key's order). */
export function scoresAfter(db: Db, startupId: number, afterInvestorId: number, limit = EXPORT_ROWS_PER_CHUNK) {
  return db
    .select()
    .from(startupScores)
    .where(and(eq(startupScores.startupId, startupId), gt(startupScores.investorId, afterInvestorId)))
    .orderBy(asc(startupScores.investorId))
    .limit(limit)
    .all();
}

/**
 * The real team (decision 061): names, roles and emails, never a passphrase, passkey, token or
 * invite. A handful of rows, read at once.
 */
export function exportedMembers(db: Db) {
  return db
    .select({
      id: members.id,
      name: members.name,
      role: members.role,
      email: members.email,
      created_at: members.createdAt,
      disabled_at: members.disabledAt,
    })
    .from(members)
    .where(eq(members.isDemo, false))
    .orderBy(asc(members.id))
    .all();
}

export type ExportedActivity = ReturnType<typeof activityAfterForExport>[number];

/** The real side's activity after `afterId`, by id: who changed what, every entry (decision 061). */
export function activityAfterForExport(db: Db, afterId: number, limit = EXPORT_ROWS_PER_CHUNK) {
  return db
    .select({
      id: activity.id,
      at: activity.at,
      actor_member_id: activity.actorMemberId,
      actor_system: activity.actorSystem,
      investor_id: activity.investorId,
      subject: activity.subject,
      kind: activity.kind,
      detail: activity.detail,
    })
    .from(activity)
    .where(and(eq(activity.isDemo, false), gt(activity.id, afterId)))
    .orderBy(asc(activity.id))
    .limit(limit)
    .all();
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    let list = groups.get(k);
    if (!list) {
      list = [];
      groups.set(k, list);
    }
    list.push(item);
  }
  return groups;
}

/** The shape of /export.json, as a client reads it back whole (the server never holds it whole). */
export type ExportedEverything = {
  exported_at: string;
  round: ReturnType<typeof roundJson>;
  investors: ExportedInvestor[];
  mail_contacts: ExportedMail[];
  startups: Array<
    ReturnType<typeof realStartupsWithRubrics>[number] & {
      evaluations: ReturnType<typeof evaluationsAfter>;
      scores: ReturnType<typeof scoresAfter>;
    }
  >;
  members: ReturnType<typeof exportedMembers>;
  people: Array<{ id: number; name: string; organisation: string | null; known_by_member_id: number | null; emails: string[] }>;
  intro_paths: Array<{
    id: number;
    investor_id: number;
    person_id: number | null;
    member_id: number | null;
    state: string;
    asked_on: string | null;
  }>;
  activity: ExportedActivity[];
  deck_links: ExportedDeckLink[];
  deck_views: ExportedDeckView[];
  founder: { name?: string; pitch?: string; meeting_link?: string };
};
