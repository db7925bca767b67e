import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { type AppDatabase, statement } from "#db/database.server.ts";
import { rescoreInvestor, rescoreInvestorRange } from "#db/queries/investors.server.ts";
import { writeDemoOnly } from "#db/queries/kept.server.ts";
import { investors, runs } from "#db/schema.ts";
import {
  DEMO_TEAM,
  type DemoEvidence,
  type DemoInvestor,
  buildDemoInvestors,
  demoOwnerOf,
  simulateDemoRefresh,
} from "../domain/demo-data.ts";
import { DEMO_CONTACTS_PER_INVESTOR, DEMO_EVIDENCE_PER_INVESTOR, DEMO_NOTE_CHARS } from "../domain/demo-bounds.ts";
import { buildDemoMail } from "../domain/demo-mail.ts";
import { buildDemoDeals } from "../domain/demo-data/discoveries.ts";
import { DEMO_CONNECTORS, buildDemoIntros } from "../domain/demo-data/intros.ts";
import { personNameKey } from "../domain/intros.ts";
import type { ScoringRules } from "../domain/scoring.ts";

/**
 * The demo set: synthetic investors (is_demo = true) that show the app working with no keys.
 * Everything here reads and writes demo rows only; a test checks that real rows are untouched.
 */

export function countDemoInvestors(db: AppDatabase): number {
  return db.select({ n: sql<number>`count(*)` }).from(investors).where(eq(investors.isDemo, true)).get()?.n ?? 0;
}

/**
 * Seeds the demo set when it is absent (the embedded default start), and resets it when it is past
 * its bounds (app/domain/demo-bounds.ts): a database written before the bounds existed, or by a
 * version without them, may hold thousands of entries a visitor's page would have to carry.
 */
export function ensureDemoData(db: AppDatabase, now: Date, rules: ScoringRules): number {
  if (countDemoInvestors(db) > 0 && !demoPastBounds(db)) return 0;
  return resetDemo(db, now, rules);
}

/** Some demo investor has more contacts, longer notes or more evidence than the bounds allow. */
export function demoPastBounds(db: AppDatabase): boolean {
  const past = db.$client
    .prepare(
      `select exists (
         select 1 from contact_entries c join investors i on i.id = c.investor_id
          where i.is_demo = 1 group by c.investor_id having count(*) > ?
       ) or exists (
         select 1 from evidence e join investors i on i.id = e.investor_id
          where i.is_demo = 1 group by e.investor_id having count(*) > ?
       ) or exists (
         select 1 from contact_entries c join investors i on i.id = c.investor_id
          where i.is_demo = 1 and length(c.note) > ?
       ) or exists (select 1 from investors where is_demo = 1 and length(personal_notes) > ?)`,
    )
    .pluck()
    .get(DEMO_CONTACTS_PER_INVESTOR, DEMO_EVIDENCE_PER_INVESTOR, DEMO_NOTE_CHARS, DEMO_NOTE_CHARS);
  return past === 1;
}

/**
 * Route #14: the demo set, as new. Deletes and re-creates demo rows only, in one transaction (a
 * visitor never sees half a demo). Prepared statements, kept per connection, and one re-score
 * pass: built through the query builder, the same inserts cost several times more and the reset
 * stalled the process for that long (bench (i), decision 018).
 */
export function resetDemo(db: AppDatabase, now: Date, rules: ScoringRules): number {
  const demo = buildDemoInvestors(now);
  const mail = buildDemoMail(demo, now);
  const insertInvestor = statement(
    db,
    `insert into investors (name, firm, kind, website, linkedin_url, email, sectors, stages, geographies, check_min, check_max,
       is_demo, relationship_status, last_contact_date, personal_notes, signal_activity, signal_fit, signal_hook, signal_red_flag,
       signals_checked_at, created_at, updated_at, amount, amount_currency, next_step, next_step_date, meeting_date, pass_reason,
       owner_member_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const insertContact = statement(db, "insert into contact_entries (investor_id, date, channel, note, created_at) values (?, ?, ?, ?, ?)");
  const insertMail = statement(
    db,
    "insert into mail_contacts (investor_id, message_id, direction, sent_at, subject, logged_at, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const run = db.$client.transaction(() => {
    // Contact history, evidence and mail go with their investor (ON DELETE CASCADE).
    statement(db, "delete from investors where is_demo = 1").run();
    statement(db, "delete from runs where trigger = 'demo'").run();
    insertDemoDeals(db, now);
    const stamp = now.toISOString();
    const team = ensureDemoTeam(db, stamp);
    const ids: number[] = [];
    for (const [index, item] of demo.entries()) {
      const id = insertInvestor
        .pluck()
        .get(
          item.name,
          item.firm,
          item.kind,
          item.website,
          item.linkedin_url,
          item.email,
          JSON.stringify(item.sectors),
          JSON.stringify(item.stages),
          JSON.stringify(item.geographies),
          item.check_min,
          item.check_max,
          item.relationship_status,
          item.last_contact_date,
          item.personal_notes,
          item.signal_activity,
          item.signal_fit,
          item.signal_hook,
          item.signal_red_flag,
          item.signals_checked_at,
          stamp,
          stamp,
          item.amount,
          item.amount_currency,
          item.next_step,
          item.next_step_date,
          item.meeting_date,
          item.pass_reason,
          team[demoOwnerOf(index) ?? -1] ?? null,
        ) as number;
      insertEvidence(db, id, item.evidence, null);
      for (const contact of item.contacts) insertContact.run(id, contact.date, contact.channel, contact.note, stamp);
      ids.push(id);
    }
    insertDemoIntros(db, demo, ids, team, now);
    rescoreInvestorRange(db, now, rules, { ids });
    // Synthetic mail (no mailbox is read for demo rows); it goes with its investor on the next reset.
    for (const item of mail) {
      insertMail.run(ids[item.index]!, item.message_id, item.direction, item.sent_at, item.subject, item.logged ? stamp : null, stamp);
    }
    return demo.length;
  });
  // Demo rows only: the founder's kept pages stay kept (decision 018); the demo's own are made
  // again at once, since the investors they link to were made again under new ids.
  return writeDemoOnly(db, () => run.immediate(), true);
}

/**
 * The demo's synthetic team (DEMO_TEAM), made once and kept across resets (their rows are members
 * with `is_demo`; the activity may name them): their ids, in DEMO_TEAM's order.
 */
function ensureDemoTeam(db: AppDatabase, stamp: string): number[] {
  const find = statement(db, "select id from members where is_demo = 1 and name = ? order by id limit 1");
  const insert = statement(db, "insert into members (name, role, is_demo, created_at) values (?, 'member', 1, ?) returning id");
  return DEMO_TEAM.map((name) => (find.pluck().get(name) as number | undefined) ?? (insert.pluck().get(name, stamp) as number));
}

/**
 * The demo's warm intros (buildDemoIntros), anew: its people are made again (their paths went with
 * the demo investors, by cascade). Written directly, as the rest of the demo set is: no activity.
 */
function insertDemoIntros(
  db: AppDatabase,
  demo: readonly DemoInvestor[],
  ids: readonly number[],
  team: readonly number[],
  now: Date,
): void {
  statement(db, "delete from people where is_demo = 1").run();
  const stamp = now.toISOString();
  const insertPerson = statement(
    db,
    "insert into people (name, name_key, organisation, known_by_member_id, is_demo, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?) returning id",
  );
  const insertAddress = statement(db, "insert into person_addresses (person_id, address) values (?, ?)");
  const insertPath = statement(
    db,
    `insert into intro_paths (investor_id, person_id, member_id, source, tier, evidence, state, asked_on, state_at, state_by_member_id, is_demo, created_at, updated_at)
     values (?, ?, null, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const people = DEMO_CONNECTORS.map((connector) => {
    const id = insertPerson
      .pluck()
      .get(connector.name, personNameKey(connector.name), connector.organisation, team[connector.knownBy] ?? null, stamp, stamp) as number;
    insertAddress.run(id, connector.email);
    return id;
  });
  for (const intro of buildDemoIntros(demo, now)) {
    const investorId = ids[intro.index];
    if (investorId === undefined) continue;
    const moved = intro.state === "to_ask" ? null : stamp;
    const by = intro.state === "to_ask" ? null : (team[DEMO_CONNECTORS[intro.connector]!.knownBy] ?? null);
    insertPath.run(
      investorId,
      people[intro.connector],
      intro.source,
      intro.tier,
      intro.evidence,
      intro.state,
      intro.askedOn,
      moved,
      by,
      stamp,
      stamp,
    );
  }
}

/** The demo's synthetic discoveries, anew: its deals (and their investors, by cascade) and dismissals only. */
function insertDemoDeals(db: AppDatabase, now: Date): void {
  statement(db, "delete from deals where is_demo = 1").run();
  statement(db, "delete from discovery_dismissals where is_demo = 1").run();
  const insertDeal = statement(
    db,
    `insert into deals (company, company_key, amount, currency, stage, sectors, geography, announced_on, source_urls, is_demo)
     values (?, ?, ?, 'USD', ?, ?, ?, ?, ?, 1) returning id`,
  );
  const insertNamed = statement(db, "insert into deal_investors (deal_id, key, name, role) values (?, ?, ?, ?) on conflict do nothing");
  for (const deal of buildDemoDeals(now)) {
    const id = insertDeal
      .pluck()
      .get(
        deal.company,
        deal.companyKey,
        deal.amount,
        deal.stage,
        JSON.stringify(deal.sectors),
        deal.geography,
        deal.announcedOn,
        JSON.stringify([deal.sourceUrl]),
      ) as number;
    for (const named of deal.investors) insertNamed.run(id, named.key, named.name, named.role);
  }
}

function insertEvidence(db: AppDatabase, investorId: number, items: DemoEvidence[], runId: string | null): number {
  const insert = statement(
    db,
    `insert into evidence (investor_id, url, title, excerpt, source, published_at, found_at, run_id, content_hash, category, relevance, summary, judged_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
  );
  let added = 0;
  for (const item of items) {
    added += insert.run(
      investorId,
      item.url,
      item.title,
      item.excerpt,
      item.source,
      item.published_at,
      item.found_at,
      runId,
      item.content_hash,
      item.category,
      item.relevance,
      item.summary,
      item.found_at,
    ).changes;
  }
  return added;
}

/**
 * Route #15: a simulated refresh of the demo set — seeded new evidence and signals, a run
 * record with trigger "demo", no search, no model, no credits.
 */
export function refreshDemo(db: AppDatabase, now: Date, rules: ScoringRules): { run_id: string; updated: number } {
  return writeDemoOnly(db, () => simulateRefresh(db, now, rules));
}

function simulateRefresh(db: AppDatabase, now: Date, rules: ScoringRules): { run_id: string; updated: number } {
  const runId = randomUUID();
  return db.transaction((t) => {
    const demoRows = t
      .select({
        id: investors.id,
        name: investors.name,
        firm: investors.firm,
        kind: investors.kind,
        sectors: investors.sectors,
        stages: investors.stages,
        signal_hook: investors.signalHook,
        signal_activity: investors.signalActivity,
        signal_fit: investors.signalFit,
        signal_red_flag: investors.signalRedFlag,
        relationship_status: investors.relationshipStatus,
      })
      .from(investors)
      .where(eq(investors.isDemo, true))
      .orderBy(asc(investors.name), asc(investors.id))
      .all();
    const updates = simulateDemoRefresh(demoRows, now, now.getTime() % 2_147_483_647);
    const stamp = now.toISOString();
    t.insert(runs)
      .values({
        runId,
        trigger: "demo",
        status: "running",
        selected: updates.length,
        startedAt: stamp,
        createdAt: stamp,
      })
      .run();
    let added = 0;
    for (const update of updates) {
      const row = demoRows[update.index];
      if (!row) continue;
      added += insertEvidence(db, row.id, update.new_evidence, runId);
      t.update(investors)
        .set({
          signalActivity: update.signal_activity,
          signalFit: update.signal_fit,
          signalHook: update.signal_hook,
          signalRedFlag: update.signal_red_flag,
          signalsCheckedAt: stamp,
        })
        .where(eq(investors.id, row.id))
        .run();
      rescoreInvestor(t, row.id, now, rules);
    }
    t.update(runs)
      .set({ status: "completed", cursor: updates.length, investorsChecked: updates.length, evidenceAdded: added, finishedAt: stamp })
      .where(eq(runs.runId, runId))
      .run();
    // Keep the demo bounded: the 20 newest demo runs; older ones go (their evidence stays, unlinked)…
    t.run(
      sql`delete from runs where trigger = 'demo' and run_id not in (select run_id from runs where trigger = 'demo' order by created_at desc limit 20)`,
    );
    // …and each demo investor's newest evidence, so a page (and the next reset) stays the same size
    // however many refreshes ran.
    t.run(
      sql`delete from evidence where id in (
            select id from (
              select e.id, row_number() over (partition by e.investor_id order by coalesce(e.published_at, e.found_at) desc, e.id desc) as n
                from evidence e join investors i on i.id = e.investor_id where i.is_demo = 1
            ) where n > ${DEMO_EVIDENCE_PER_INVESTOR}
          )`,
    );
    return { run_id: runId, updated: updates.length };
  });
}
