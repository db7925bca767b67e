import { asc, eq } from "drizzle-orm";
import type { Db } from "../database.server.ts";
import { contactEntries, evaluations, evidence, investors, mailContacts, rubrics, startupScores, startups } from "../schema.ts";
import { roundJson } from "#app/domain/round-input.ts";
import { investorJson } from "./investors.server.ts";
import { readRound } from "./round.server.ts";

/** Every real investor, for /export.csv (demo rows never leave through an export). */
export function realInvestors(db: Db) {
  return db.select().from(investors).where(eq(investors.isDemo, false)).orderBy(asc(investors.id)).all();
}

/** The shape of /export.json (what `exportEverything` returns, as JSON). */
export type ExportedEverything = ReturnType<typeof exportEverything>;

/** Everything the user has, for backup or leaving (docs/api.md#page-forms-a-script-can-post). */
export function exportEverything(db: Db, now: Date) {
  const rows = realInvestors(db);
  const contactsByInvestor = groupBy(db.select().from(contactEntries).orderBy(asc(contactEntries.id)).all(), (c) => c.investorId);
  const evidenceByInvestor = groupBy(db.select().from(evidence).orderBy(asc(evidence.id)).all(), (e) => e.investorId);
  const realStartups = db.select().from(startups).where(eq(startups.isDemo, false)).orderBy(asc(startups.id)).all();
  const rubricsByStartup = groupBy(db.select().from(rubrics).orderBy(asc(rubrics.version)).all(), (r) => r.startupId);
  const scoresByStartup = groupBy(db.select().from(startupScores).all(), (s) => s.startupId);
  const evaluationsByStartup = groupBy(db.select().from(evaluations).all(), (e) => e.startupId);
  const current = readRound(db);
  return {
    exported_at: now.toISOString(),
    // The round raising now with its totals, as GET /api/round answers (read back from the startups' own columns).
    round: roundJson(current.round, current.totals),
    investors: rows.map((row) => ({
      ...investorJson(row, contactsByInvestor.get(row.id) ?? []),
      evidence: (evidenceByInvestor.get(row.id) ?? []).map((item) => ({
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
    })),
    // Mail capture (decision 014): what the sync found, logged or not; real investors only.
    mail_contacts: db
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
      .where(eq(investors.isDemo, false))
      .orderBy(asc(mailContacts.investorId), asc(mailContacts.sentAt), asc(mailContacts.id))
      .all(),
    startups: realStartups.map((startup) => ({
      ...startup,
      rubrics: rubricsByStartup.get(startup.id) ?? [],
      evaluations: evaluationsByStartup.get(startup.id) ?? [],
      scores: scoresByStartup.get(startup.id) ?? [],
    })),
  };
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
