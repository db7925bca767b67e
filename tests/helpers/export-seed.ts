import Database from "better-sqlite3";
import { expect } from "vitest";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { SCORING_VERSION } from "#app/jobs/rescore.server.ts";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { createStartup } from "#db/queries/startups.server.ts";
import { seedBenchData } from "../../bench/seed.ts";

/** A score's explanation as the scoring writes it (four parts), about 600 bytes as JSON. */
const EXPLAINED = JSON.stringify({
  total: 62,
  components: [
    {
      key: "activity",
      label: "Recent activity",
      points: 24,
      detail: "Led a seed round 3 weeks ago; two new fund announcements this quarter",
    },
    { key: "fit", label: "Fit with the round", points: 20, detail: "Fintech and SaaS at seed, cheques of $100k–$1M, Europe" },
    { key: "relationship", label: "Relationship", points: 12, detail: "Intro call on 2 Nov; no reply to the follow-up yet" },
    { key: "recency", label: "Last contact", points: 6, detail: "Last contact 30 days ago" },
  ],
  action_reason: "A good fit who was active lately and has not been emailed: email first.",
});

/**
 * Real investors for an export at scale, written by SQL into the database file (the server may be
 * running: WAL lets it): `investors` more, each with two evidence items, one contact, a score's
 * explanation and a score for each of `startups` startups (made if missing); every tenth with an
 * email found by mail capture, every fifth with an evaluation by the first startup. The scores are
 * stamped as today's, so a server started on the file does not re-score them.
 */
export function seedExport(path: string, options: { investors: number; startups: number }): void {
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    const client = db.$client;
    const now = new Date();
    const stamp = now.toISOString();
    const before = client.prepare("select coalesce(max(id), 0) from investors").pluck().get() as number;
    seedBenchData(db, { investors: options.investors, evidencePerInvestor: 2, now });
    const made = client.prepare("select count(*) from startups where is_demo = 0").pluck().get() as number;
    for (let i = made; i < options.startups; i++) {
      const input = {
        name: `Startup ${i + 1}`,
        pitch: "Bookkeeping for freelancers",
        sector: "fintech",
        stage: "seed" as const,
        geography: "Europe",
      };
      createStartup(db, input, defaultRubric(input), "default", now);
    }
    const firstStartup = client.prepare("select min(id) from startups where is_demo = 0").pluck().get() as number;
    client.transaction(() => {
      const fresh = "from investors where is_demo = 0 and id > ?";
      client
        .prepare(`update investors set score = id % 100, action = 'research', score_explained = ? where is_demo = 0 and id > ?`)
        .run(EXPLAINED, before);
      client
        .prepare(
          `insert into contact_entries (investor_id, date, channel, note, created_at) select id, '2026-11-02', 'call', 'Intro call about the seed round', ? ${fresh}`,
        )
        .run(stamp, before);
      client
        .prepare(
          `insert into startup_scores (startup_id, investor_id, score, action, score_explained, updated_at)
           select s.id, i.id, (i.id * 7 + s.id) % 100, 'research', ?, ? from startups s cross join investors i
           where s.is_demo = 0 and i.is_demo = 0 and i.id > ?`,
        )
        .run(EXPLAINED, stamp, before);
      client
        .prepare(
          `insert into evaluations (startup_id, investor_id, relevance, reasons, evidence_ids, created_at)
           select ?, id, 0.5, 'Fintech at seed in Europe, as the startup', '[]', ? ${fresh} and id % 5 = 0`,
        )
        .run(firstStartup, stamp, before);
      client
        .prepare(
          `insert into mail_contacts (investor_id, message_id, direction, sent_at, subject, created_at)
           select id, '<m' || id || '@fund.example.com>', 'received', '2026-11-05T09:00:00.000Z', 'Re: our round', ? ${fresh} and id % 10 = 0`,
        )
        .run(stamp, before);
      client
        .prepare(
          "insert into app_state (key, value, updated_at) values ('scored_with', ?, ?) on conflict (key) do update set value = excluded.value",
        )
        .run(`${SCORING_VERSION}:${stamp.slice(0, 10)}`, stamp);
    })();
  } finally {
    db.$client.close();
  }
}

type Row = Record<string, unknown>;
/** The facts of an export that are compared: rows in the export's order. */
export type ExportRead = { investors: Row[]; mail: Row[]; startups: Array<Row & { scores: Row[] }> };

/**
 * What /export.json must hold, read afresh from the file with SQL (not through the app's export
 * code): every real investor with its contacts and evidence ids, every email, every startup with
 * its rubric versions, evaluations and scores, each in the export's order.
 */
export function freshRead(path: string): ExportRead {
  const db = new Database(path, { readonly: true });
  try {
    const all = (query: string, ...params: unknown[]) => db.prepare(query).all(...params) as Row[];
    const json = (text: unknown) => (text === null ? null : JSON.parse(text as string));
    const ids = (text: unknown) => (text === null ? [] : String(text).split(",").map(Number));
    return {
      investors: all(
        `select i.id, i.name, i.firm, i.score, i.action, i.relationship_status, i.last_contact_date, i.sectors, i.score_explained,
                (select group_concat(c.id) from (select id from contact_entries where investor_id = i.id order by id) c) as contacts,
                (select group_concat(e.id) from (select id from evidence where investor_id = i.id order by id) e) as evidence
         from investors i where i.is_demo = 0 order by i.id`,
      ).map((row) => ({
        ...row,
        sectors: json(row.sectors),
        score_explained: json(row.score_explained),
        contacts: ids(row.contacts),
        evidence: ids(row.evidence),
      })),
      mail: all(
        "select m.id, m.investor_id, m.sent_at from mail_contacts m join investors i on i.id = m.investor_id where i.is_demo = 0 order by m.investor_id, m.sent_at, m.id",
      ),
      startups: all("select id, name from startups where is_demo = 0 order by id").map((startup) => ({
        ...startup,
        rubrics: all("select version from rubrics where startup_id = ? order by version", startup.id).map((row) => row.version),
        evaluations: all("select investor_id, reasons from evaluations where startup_id = ? order by investor_id", startup.id),
        scores: all(
          "select investor_id, score, action, score_explained from startup_scores where startup_id = ? order by investor_id",
          startup.id,
        ).map((row) => ({ ...row, score_explained: json(row.score_explained) })),
      })),
    };
  } finally {
    db.close();
  }
}

type Exported = {
  investors: Array<Row & { contact_history: Row[]; evidence: Row[] }>;
  mail_contacts: Row[];
  startups: Array<Row & { rubrics: Row[]; evaluations: Row[]; scores: Row[] }>;
};

/** The same facts taken from a parsed /export.json, to compare with `freshRead`. */
export function readOfExport(exported: Exported): ExportRead {
  return {
    investors: exported.investors.map((i) => ({
      id: i.id,
      name: i.name,
      firm: i.firm,
      score: i.score,
      action: i.action,
      relationship_status: i.relationship_status,
      last_contact_date: i.last_contact_date,
      sectors: i.sectors,
      score_explained: i.score_explained,
      contacts: i.contact_history.map((c) => c.id as number),
      evidence: i.evidence.map((e) => e.id as number),
    })),
    mail: exported.mail_contacts.map((m) => ({ id: m.id, investor_id: m.investor_id, sent_at: m.sent_at })),
    startups: exported.startups.map((s) => ({
      id: s.id,
      name: s.name,
      rubrics: s.rubrics.map((r) => r.version),
      evaluations: s.evaluations.map((e) => ({ investor_id: e.investorId, reasons: e.reasons })),
      scores: s.scores.map((row) => ({
        investor_id: row.investorId,
        score: row.score,
        action: row.action,
        score_explained: row.scoreExplained,
      })),
    })),
  };
}

/** Fails with the first row that differs, instead of a diff of 25,000 rows. */
export function expectSameRead(actual: ExportRead, expected: ExportRead): void {
  expect(actual.investors.length).toBe(expected.investors.length);
  expect(actual.mail.length).toBe(expected.mail.length);
  expect(actual.startups.map((s) => s.scores.length)).toEqual(expected.startups.map((s) => s.scores.length));
  for (const part of ["investors", "mail", "startups"] as const) {
    const want = expected[part] as unknown[];
    const at = (actual[part] as unknown[]).findIndex((row, n) => JSON.stringify(row) !== JSON.stringify(want[n]));
    expect(at === -1 ? null : { part, at, actual: (actual[part] as unknown[])[at], expected: want[at] }).toBeNull();
  }
}

/**
 * A read with every id replaced by its place (a restore gives every row a new id): investors by
 * their order, contacts and evidence by their count, emails, evaluations and scores by the place
 * of the investor they name.
 */
export function byPlace(read: ExportRead) {
  const place = new Map(read.investors.map((investor, index) => [investor.id, index]));
  return {
    investors: read.investors.map(({ id: _id, contacts, evidence, ...investor }) => ({
      ...investor,
      contacts: (contacts as unknown[]).length,
      evidence: (evidence as unknown[]).length,
    })),
    mail: read.mail.map(({ id: _id, investor_id, ...mail }) => ({ ...mail, investor: place.get(investor_id) })),
    startups: read.startups.map(({ id: _id, evaluations, scores, ...startup }) => ({
      ...startup,
      evaluations: (evaluations as Row[]).map(({ investor_id, ...evaluation }) => ({ ...evaluation, investor: place.get(investor_id) })),
      scores: scores.map(({ investor_id, ...score }) => ({ ...score, investor: place.get(investor_id) })),
    })),
  };
}
