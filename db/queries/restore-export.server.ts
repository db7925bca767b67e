import { and, eq, sql } from "drizzle-orm";
import type {
  ExportedEvaluationRecord,
  ExportedFounder,
  ExportedInvestorRecord,
  ExportedMailRecord,
  ExportedScoreRecord,
  ExportedStartupHead,
  ExportedActivityRecord,
  ExportedMemberRecord,
  ExportedPersonRecord,
  ExportedIntroPathRecord,
  ExportedDeckLinkRecord,
  ExportedDeckViewRecord,
  RestoredIds,
} from "#app/domain/export-file.ts";
import { restoredDetail } from "#app/domain/export-file.ts";
import { type UserOwnedValues, startingValues, systemActor } from "#app/domain/people.ts";
import { cleanPersonName, personNameKey } from "#app/domain/intros.ts";
import type { Db } from "../database.server.ts";
import {
  activity,
  contactEntries,
  evaluations,
  evidence,
  introPaths,
  investors,
  mailContacts,
  members,
  people,
  personAddresses,
  rubrics,
  startupScores,
  startups,
} from "../schema.ts";
import { recordActivity } from "./activity.server.ts";
import { deleteState, writeState } from "./app-state.server.ts";
import { INTRO_NOTES_READ } from "./intro-import.server.ts";
import { deckRestorer } from "./deck-restore.server.ts";
import { saveFounderSettings } from "./founder-settings.server.ts";

export type RestoredCounts = {
  members: number;
  activity: number;
  investors: number;
  contacts: number;
  evidence: number;
  mail_contacts: number;
  startups: number;
  people: number;
  intro_paths: number;
  deck_links: number;
  deck_views: number;
};

export class NotEmptyError extends Error {}

/** Real (non-demo) rows already here: a restore goes only into an instance that has none. */
export function countRealRows(db: Db): { investors: number; startups: number } {
  const count = (table: typeof investors | typeof startups) =>
    db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.isDemo, false)).get()?.n ?? 0;
  return { investors: count(investors), startups: count(startups) };
}

/** What the restore is given, one record at a time, as the file is read (app/restore-export.server.ts). */
export type RestoreWriter = {
  member(item: ExportedMemberRecord): void;
  investor(item: ExportedInvestorRecord): void;
  activity(item: ExportedActivityRecord): void;
  startup(item: ExportedStartupHead): void;
  mail(item: ExportedMailRecord): void;
  evaluation(startupId: number, item: ExportedEvaluationRecord): void;
  score(startupId: number, item: ExportedScoreRecord): void;
  person(item: ExportedPersonRecord): void;
  introPath(item: ExportedIntroPathRecord): void;
  deckLink(item: ExportedDeckLinkRecord): void;
  deckView(item: ExportedDeckViewRecord): void;
};

/**
 * Writes an /export.json back into an instance with no real investors or startups (decisions 020
 * and 056), in one transaction, a record at a time as `feed` reads the file: investors first (each
 * with its contacts and evidence), then the startups' heads, then emails, evaluations and scores,
 * which name them (ids in the file); `feed` returns the founder's settings. All or nothing: a
 * half-restored instance would refuse the next try as not empty. Every row gets a new id (the demo
 * rows of the new instance may hold the old ones), and every reference follows: contacts, evidence,
 * mail, rubrics, evaluations, per-startup scores and whose round an amount is for. Everything
 * else is kept as exported, times included. What the export does not carry starts empty:
 * evidence's run (runs are not exported), the hook's link to its evidence, the fit's wording; the
 * saved scoring stamp is cleared so the next start re-scores everything from the restored data
 * and fills them in again. What is kept meanwhile is ids (old to new), not records.
 */
export function restoreExport(db: Db, now: Date, feed: (writer: RestoreWriter) => ExportedFounder): RestoredCounts {
  const counts: RestoredCounts = {
    members: 0,
    activity: 0,
    investors: 0,
    contacts: 0,
    evidence: 0,
    mail_contacts: 0,
    startups: 0,
    people: 0,
    intro_paths: 0,
    deck_links: 0,
    deck_views: 0,
  };
  db.transaction((t) => {
    const already = countRealRows(t);
    if (already.investors > 0 || already.startups > 0) {
      throw new NotEmptyError(
        `This instance already has ${already.investors} investors and ${already.startups} startups of its own: a restore goes only into an empty one (demo rows do not count).`,
      );
    }
    const investorIds = new Map<number, number>();
    const memberIds = new Map<number, number>();
    // Every restored investor's user-owned values: the restore's own entry carries them (decision 061).
    const restoredValues: Record<string, UserOwnedValues> = {};
    const evidenceIds = new Map<number, number>();
    const startupIds = new Map<number, number>();
    const personIds = new Map<number, number>();
    // A file the app wrote never names one person twice nor one path twice: an edited one is told so, not a constraint's words.
    const personOfKey = new Map<string, number>();
    const pathKeys = new Set<string>();
    const memberOf = (old: number | null) => (old === null ? null : (memberIds.get(old) ?? null));
    // Whose round an amount is for names a startup, which comes after the investors: set at the end.
    const amountFor: Array<[investorId: number, startupId: number]> = [];
    const investorOf = (oldId: number, where: string): number => {
      const newId = investorIds.get(oldId);
      if (newId === undefined) throw new Error(`${where} names investor ${oldId}, which is not in the file`);
      return newId;
    };
    const startupOf = (oldId: number): number => {
      const newId = startupIds.get(oldId);
      if (newId === undefined) throw new Error(`a row names startup ${oldId}, which is not in the file`);
      return newId;
    };
    // Deck links and views (decision 068): db/queries/deck-restore.server.ts.
    const decks = deckRestorer(t, { investorOf, startupOf, memberOf });
    const writer: RestoreWriter = {
      deckLink: decks.deckLink,
      deckView: decks.deckView,
      member(item) {
        // The file's owner is this instance's owner (made at its first start): named as in the file.
        const here =
          item.role === "owner"
            ? t
                .select()
                .from(members)
                .where(and(eq(members.role, "owner"), eq(members.isDemo, false)))
                .get()
            : undefined;
        if (here) {
          t.update(members)
            .set({ name: item.name, email: here.email ?? item.email, createdAt: item.created_at })
            .where(eq(members.id, here.id))
            .run();
          memberIds.set(item.id, here.id);
        } else {
          const { id } = t
            .insert(members)
            .values({ name: item.name, role: item.role, email: item.email, createdAt: item.created_at, disabledAt: item.disabled_at })
            .returning({ id: members.id })
            .get();
          memberIds.set(item.id, id);
        }
        counts.members++;
      },
      activity(item) {
        const ids: RestoredIds = {
          investor: (old) => investorIds.get(old),
          member: (old) => memberIds.get(old),
          startup: (old) => startupIds.get(old),
          evidence: (old) => evidenceIds.get(old),
        };
        t.insert(activity)
          .values({
            at: item.at,
            actorMemberId: item.actor_member_id === null ? null : (memberIds.get(item.actor_member_id) ?? null),
            // An author the file does not name (a member not exported) is said as the restore.
            actorSystem: item.actor_system ?? (item.actor_member_id !== null && memberIds.has(item.actor_member_id) ? null : "restore"),
            investorId: item.investor_id === null ? null : (investorIds.get(item.investor_id) ?? null),
            subject: item.subject,
            kind: item.kind,
            detail: restoredDetail(item.detail, ids),
          })
          .run();
        counts.activity++;
      },
      investor(item) {
        const restored = t
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
            ownerMemberId: item.owner_member_id == null ? null : (memberIds.get(item.owner_member_id) ?? null),
            createdAt: item.created_at,
            updatedAt: item.updated_at,
          })
          .returning()
          .get();
        const id = restored.id;
        if (investorIds.has(item.id)) throw new Error(`investor ${item.id} is in the file twice`);
        restoredValues[id] = startingValues(restored);
        investorIds.set(item.id, id);
        counts.investors++;
        if (item.amount_startup_id != null) amountFor.push([id, item.amount_startup_id]);
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
      },
      startup(item) {
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
      },
      mail(item) {
        t.insert(mailContacts)
          .values({
            investorId: investorOf(item.investor_id, "a mail contact"),
            messageId: item.message_id,
            direction: item.direction,
            sentAt: item.sent_at,
            subject: item.subject,
            loggedAt: item.logged_at,
            createdAt: now.toISOString(),
          })
          .run();
        counts.mail_contacts++;
      },
      person(item) {
        // Kept as the app keeps a name (no bidi override or zero-width mark, at most 120 characters).
        const name = cleanPersonName(item.name);
        if (name === "") throw new Error(`person ${item.id} has no name once control and format characters are left out`);
        const twin = personOfKey.get(personNameKey(name));
        if (twin !== undefined) throw new Error(`people ${twin} and ${item.id} are the same person (${name}): the file names them twice`);
        personOfKey.set(personNameKey(name), item.id);
        const { id } = t
          .insert(people)
          .values({
            name,
            nameKey: personNameKey(name),
            organisation: item.organisation,
            knownByMemberId: memberOf(item.known_by_member_id),
            isDemo: false,
            createdAt: item.created_at,
            updatedAt: item.updated_at,
          })
          .returning({ id: people.id })
          .get();
        personIds.set(item.id, id);
        // Addresses are kept lowercased: mail finds people by them.
        for (const address of item.emails)
          t.insert(personAddresses).values({ personId: id, address: address.trim().toLowerCase() }).onConflictDoNothing().run();
        counts.people++;
      },
      introPath(item) {
        const personId = item.person_id === null ? null : personIds.get(item.person_id);
        if (personId === undefined) throw new Error(`intro path ${item.id} names person ${item.person_id}, which is not in the file`);
        const pathKey = `${item.investor_id}:${item.person_id ?? 0}:${item.member_id ?? 0}`;
        if (pathKeys.has(pathKey)) throw new Error(`intro path ${item.id} is in the file twice (the same investor, person and member)`);
        pathKeys.add(pathKey);
        t.insert(introPaths)
          .values({
            investorId: investorOf(item.investor_id, `intro path ${item.id}`),
            personId,
            memberId: memberOf(item.member_id),
            source: item.source,
            tier: item.tier,
            evidence: item.evidence,
            state: item.state,
            askedOn: item.asked_on,
            stateAt: item.state_at,
            stateByMemberId: memberOf(item.state_by_member_id),
            isDemo: false,
            createdAt: item.created_at,
            updatedAt: item.updated_at,
          })
          .run();
        counts.intro_paths++;
      },
      evaluation(startupId, item) {
        t.insert(evaluations)
          .values({
            startupId: startupOf(startupId),
            investorId: investorOf(item.investorId, `startup ${startupId}'s evaluation`),
            relevance: item.relevance,
            reasons: item.reasons,
            evidenceIds: item.evidenceIds.flatMap((old) => evidenceIds.get(old) ?? []),
            createdAt: item.createdAt,
          })
          .run();
      },
      score(startupId, item) {
        t.insert(startupScores)
          .values({
            startupId: startupOf(startupId),
            investorId: investorOf(item.investorId, `startup ${startupId}'s score`),
            score: item.score,
            action: item.action,
            scoreExplained: item.scoreExplained,
            updatedAt: item.updatedAt,
          })
          .run();
      },
    };
    const founder = feed(writer);
    Object.assign(counts, decks.counts);
    // A startup not in the file leaves the amount the round raising now's.
    for (const [investorId, oldStartup] of amountFor) {
      const startupId = startupIds.get(oldStartup);
      if (startupId !== undefined) t.update(investors).set({ amountStartupId: startupId }).where(eq(investors.id, investorId)).run();
    }
    saveFounderSettings(
      t,
      { founderName: founder.name ?? undefined, pitch: founder.pitch ?? undefined, meetingLink: founder.meeting_link ?? undefined },
      now,
    );
    deleteState(t, "scored_with");
    // An export from before warm intros keeps them as "Intro path:" lines of the notes: the next
    // start reads them as paths (decision 065). One that has paths already is not read again.
    if (counts.intro_paths > 0) writeState(t, INTRO_NOTES_READ, now.toISOString(), now);
    else deleteState(t, INTRO_NOTES_READ);
    // The restore itself, by the system actor `restore`, last: every investor's user-owned values as
    // restored, so replaying the activity gives them whatever the file's activity held (decision 061).
    recordActivity(
      t,
      systemActor("restore"),
      { subject: "an export" },
      [
        {
          kind: "imported",
          detail: { file: "an export", added: counts.investors, updated: 0, left_out: 0, restored: true, values: restoredValues },
        },
      ],
      now,
    );
  });
  return counts;
}
