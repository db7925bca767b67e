import { eq, sql } from "drizzle-orm";
import type { ExportFile } from "#app/domain/export-file.ts";
import type { Db } from "../database.server.ts";
import { contactEntries, evaluations, evidence, investors, mailContacts, rubrics, startupScores, startups } from "../schema.ts";
import { deleteState } from "./app-state.server.ts";
import { saveFounderSettings } from "./founder-settings.server.ts";

export type RestoredCounts = {
  investors: number;
  contacts: number;
  evidence: number;
  mail_contacts: number;
  startups: number;
};

export class NotEmptyError extends Error {}

/** Real (non-demo) rows already here: a restore goes only into an instance that has none. */
export function countRealRows(db: Db): { investors: number; startups: number } {
  const count = (table: typeof investors | typeof startups) =>
    db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.isDemo, false)).get()?.n ?? 0;
  return { investors: count(investors), startups: count(startups) };
}

/**
 * Writes an /export.json back into an instance with no real investors or startups (decision 020),
 * in one transaction. Every row gets a new id (the demo rows of the new instance may hold the old
 * ones), and every reference follows: contacts, evidence, mail, rubrics, evaluations,
 * per-startup scores and whose round an amount is for. Everything else is kept as exported, times included. What the export does
 * not carry starts empty: evidence's run (runs are not exported), the hook's link to its evidence,
 * the fit's wording; the saved scoring stamp is cleared so the next start re-scores everything
 * from the restored data and fills them in again.
 */
export function restoreExport(db: Db, file: ExportFile, now: Date): RestoredCounts {
  const counts: RestoredCounts = { investors: 0, contacts: 0, evidence: 0, mail_contacts: 0, startups: 0 };
  db.transaction((t) => {
    const already = countRealRows(t);
    if (already.investors > 0 || already.startups > 0) {
      throw new NotEmptyError(
        `This instance already has ${already.investors} investors and ${already.startups} startups of its own: a restore goes only into an empty one (demo rows do not count).`,
      );
    }
    const investorIds = new Map<number, number>();
    const evidenceIds = new Map<number, number>();
    const startupIds = new Map<number, number>();
    for (const item of file.investors) {
      const { id } = t
        .insert(investors)
        .values({
          name: item.name,
          firm: item.firm,
          kind: item.kind,
          website: item.website,
          linkedinUrl: item.linkedin_url,
          email: item.email,
          sectors: item.sectors,
          stages: item.stages,
          geographies: item.geographies,
          basedIn: item.based_in ?? null,
          checkMin: item.check_min,
          checkMax: item.check_max,
          checkCurrency: item.check_currency ?? null,
          isDemo: false,
          score: item.score,
          action: item.action,
          scoreExplained: item.score_explained,
          signalActivity: item.signal_activity,
          signalFit: item.signal_fit,
          signalHook: item.signal_hook,
          signalRedFlag: item.signal_red_flag,
          signalsCheckedAt: item.signals_checked_at,
          relationshipStatus: item.relationship_status,
          lastContactDate: item.last_contact_date,
          personalNotes: item.personal_notes,
          amount: item.amount ?? null,
          amountCurrency: item.amount_currency ?? null,
          nextStep: item.next_step ?? null,
          nextStepDate: item.next_step_date ?? null,
          meetingDate: item.meeting_date ?? null,
          passReason: item.pass_reason ?? null,
          passNote: item.pass_note ?? null,
          createdAt: item.created_at,
          updatedAt: item.updated_at,
        })
        .returning({ id: investors.id })
        .get();
      investorIds.set(item.id, id);
      counts.investors++;
      for (const contact of item.contact_history) {
        t.insert(contactEntries)
          .values({ investorId: id, date: contact.date, channel: contact.channel, note: contact.note, createdAt: contact.created_at })
          .run();
        counts.contacts++;
      }
      for (const found of item.evidence) {
        const row = t
          .insert(evidence)
          .values({
            investorId: id,
            url: found.url,
            title: found.title,
            excerpt: found.excerpt,
            source: found.source,
            publishedAt: found.published_at,
            foundAt: found.found_at,
            contentHash: found.content_hash,
            category: found.category,
            relevance: found.relevance,
            summary: found.summary,
            // Judged evidence has a category; the rest is judged by the next refresh, as it would have been.
            judgedAt: found.category === null ? null : found.found_at,
          })
          .returning({ id: evidence.id })
          .get();
        evidenceIds.set(found.id, row.id);
        counts.evidence++;
      }
    }
    const investorOf = (oldId: number, where: string): number => {
      const newId = investorIds.get(oldId);
      if (newId === undefined) throw new Error(`${where} names investor ${oldId}, which is not in the file`);
      return newId;
    };
    for (const mail of file.mail_contacts) {
      t.insert(mailContacts)
        .values({
          investorId: investorOf(mail.investor_id, "a mail contact"),
          messageId: mail.message_id,
          direction: mail.direction,
          sentAt: mail.sent_at,
          subject: mail.subject,
          loggedAt: mail.logged_at,
          createdAt: now.toISOString(),
        })
        .run();
      counts.mail_contacts++;
    }
    for (const item of file.startups) {
      const { id } = t
        .insert(startups)
        .values({
          name: item.name,
          pitch: item.pitch,
          sector: item.sector,
          stage: item.stage,
          geography: item.geography,
          roundSize: item.roundSize,
          ask: item.ask,
          roundCurrency: item.roundCurrency ?? null,
          closeBy: item.closeBy ?? null,
          instrument: item.instrument ?? null,
          roleWanted: item.roleWanted ?? null,
          valuationCap: item.valuationCap ?? null,
          preMoney: item.preMoney ?? null,
          raisingNow: item.raisingNow ?? false,
          isDemo: false,
          createdAt: item.createdAt,
          updatedAt: item.updatedAt,
        })
        .returning({ id: startups.id })
        .get();
      startupIds.set(item.id, id);
      counts.startups++;
      for (const rubric of item.rubrics) {
        t.insert(rubrics)
          .values({ startupId: id, version: rubric.version, source: rubric.source, rubric: rubric.rubric, createdAt: rubric.createdAt })
          .run();
      }
      for (const evaluation of item.evaluations) {
        t.insert(evaluations)
          .values({
            startupId: id,
            investorId: investorOf(evaluation.investorId, `startup "${item.name}"'s evaluation`),
            relevance: evaluation.relevance,
            reasons: evaluation.reasons,
            evidenceIds: evaluation.evidenceIds.flatMap((old) => evidenceIds.get(old) ?? []),
            createdAt: evaluation.createdAt,
          })
          .run();
      }
      for (const score of item.scores) {
        t.insert(startupScores)
          .values({
            startupId: id,
            investorId: investorOf(score.investorId, `startup "${item.name}"'s score`),
            score: score.score,
            action: score.action,
            scoreExplained: score.scoreExplained,
            updatedAt: score.updatedAt,
          })
          .run();
      }
    }
    // Whose round an amount is for follows its startup's new id; a startup not in the file leaves it the round raising now's.
    for (const item of file.investors) {
      if (item.amount_startup_id == null) continue;
      const startupId = startupIds.get(item.amount_startup_id) ?? null;
      t.update(investors)
        .set({ amountStartupId: startupId })
        .where(eq(investors.id, investorIds.get(item.id)!))
        .run();
    }
    saveFounderSettings(
      t,
      {
        founderName: file.founder.name ?? undefined,
        pitch: file.founder.pitch ?? undefined,
        meetingLink: file.founder.meeting_link ?? undefined,
      },
      now,
    );
    deleteState(t, "scored_with");
  });
  return counts;
}
