import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIONS, RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";
import { DEFAULT_RULES, daysOverdue } from "#app/domain/scoring.ts";
import { TODAY_ACTIONS, orderToday, tieBreakText } from "#app/domain/today.ts";
import { warmRank } from "#app/domain/warm-path.ts";
import { buildDigest } from "#app/domain/digest.ts";
import { todaysDigest } from "#app/jobs/digest.server.ts";
import { loadToday, readToday } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";

const now = new Date("2026-11-23T09:00:00Z");
const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString();

/** Generated pipelines with many ties, so the order's tie-breaks are exercised. */
const rowArb = fc.record({
  score: fc.integer({ min: 0, max: 6 }).map((n) => n * 10),
  action: fc.constantFrom(...ACTIONS),
  status: fc.constantFrom(...RELATIONSHIP_STATUSES),
  lastContact: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  hookAge: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  actionSince: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  nextStep: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  demo: fc.boolean(),
  fit: fc.option(
    fc.integer({ min: 0, max: 3 }).map((n) => n * 30),
    { nil: null },
  ),
  cheque: fc.option(
    fc.integer({ min: 0, max: 2 }).map((n) => n * 50),
    { nil: null },
  ),
  // A path's tier ("word": the sheet's, no tier), declined (counts for nothing), or none; and mail with them.
  intro: fc.option(fc.constantFrom("strong", "moderate", "weak", "word", "declined"), { nil: null }),
  mail: fc.boolean(),
  // Mixed case and accents: the name key ignores both, in the SQL and in the comparator alike.
  name: fc.constantFrom(
    "Aster",
    "Azalea",
    "aster",
    "Ébène",
    "ebene",
    "Ebony",
    "Zinc",
    "SIX Fintech",
    "Simsan",
    "d.ventures",
    "MARC Group",
    "Émile",
    "emile",
    // Past U+FFFF and in U+E000–U+FFFF: SQLite orders code points, JavaScript's < UTF-16 units.
    "𝐀ster Ventures",
    "Ｚinc Capital",
  ),
});

describe("Today's lists", () => {
  it("read with SQL equal the full computation in the domain, for each side, on generated pipelines", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (rows, limit) => {
        const { db } = createTestDatabase();
        try {
          const insertInvestor = db.$client.prepare(
            "insert into investors (name, score, action, relationship_status, last_contact_date, action_since, is_demo, score_explained, next_step_date, signal_fit, fit_cheque, personal_notes) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          );
          const insertEvidence = db.$client.prepare(
            "insert into evidence (investor_id, url, source, published_at, found_at, content_hash) values (?, ?, 'news', ?, ?, ?)",
          );
          const setHook = db.$client.prepare("update investors set signal_hook = 'A hook', signal_hook_evidence_id = ? where id = ?");
          const person = db.$client
            .prepare("insert into people (name, name_key, is_demo) values ('Erik Solberg', ?, 0)")
            .run("erik").lastInsertRowid;
          const insertPath = db.$client.prepare(
            "insert into intro_paths (investor_id, person_id, source, tier, state, is_demo) values (?, ?, ?, ?, ?, 0)",
          );
          const insertMail = db.$client.prepare(
            "insert into mail_contacts (investor_id, message_id, direction, sent_at, subject) values (?, ?, 'sent', '2026-11-01T00:00:00Z', 's')",
          );
          rows.forEach((row, index) => {
            const { lastInsertRowid } = insertInvestor.run(
              row.name,
              row.score,
              row.action,
              row.status,
              row.lastContact === null ? null : day(row.lastContact).slice(0, 10),
              // A few milliseconds apart within a day, as the chunks of one import set them.
              row.actionSince === null ? null : new Date(Date.parse(day(row.actionSince)) + index * 7).toISOString(),
              row.demo ? 1 : 0,
              JSON.stringify({ total: row.score, components: [], action_reason: `reason ${index}` }),
              row.nextStep === null ? null : day(row.nextStep).slice(0, 10),
              row.fit,
              row.cheque,
              // The notes' old "Intro path:" line warms nobody now: only paths and mail do.
              "Met at a demo day\nIntro path: Anna (portfolio founder)",
            );
            if (row.intro !== null) {
              const tier = row.intro === "word" || row.intro === "declined" ? null : row.intro;
              insertPath.run(lastInsertRowid, person, tier ? "mail" : "import", tier, row.intro === "declined" ? "declined" : "to_ask");
            }
            if (row.mail) insertMail.run(lastInsertRowid, `<m${index}@x>`);
            if (row.hookAge !== null) {
              const evidence = insertEvidence.run(lastInsertRowid, `https://example.com/${index}`, day(row.hookAge), day(0), `h${index}`);
              setHook.run(evidence.lastInsertRowid, lastInsertRowid);
            }
          });
          for (const demo of [false, true]) {
            const fromSql = readToday(db, demo, limit);
            const all = db.$client
              .prepare(
                "select i.id, i.name, i.score, i.action, i.last_contact_date, i.next_step_date, coalesce(e.published_at, e.found_at) as hook_at, i.action_since, i.signal_fit as fit, i.fit_cheque as cheque, i.personal_notes from investors i left join evidence e on e.id = i.signal_hook_evidence_id where i.is_demo = ?",
              )
              .all(demo ? 1 : 0) as Parameters<typeof orderToday>[0] extends readonly (infer T)[] ? T[] : never;
            const computed = orderToday(
              all.map((row) => {
                // Inserted in order into a fresh database: investor id n is the n-th row.
                const made = rows[row.id - 1]!;
                const live = made.intro !== null && made.intro !== "declined";
                const tier = made.intro === "word" || !live ? null : (made.intro as "strong" | "moderate" | "weak");
                return { ...row, warm: warmRank(live ? { tier } : null, made.mail) };
              }),
            );
            for (const action of TODAY_ACTIONS) {
              expect(fromSql[action].map((row) => row.id)).toEqual(computed[action].slice(0, limit).map((row) => row.id));
            }
          }
        } finally {
          db.$client.close();
        }
      }),
      { numRuns: 150 },
    );
  });

  it("gives the digest the old full computation gives, reading only the first rows and the counts", () => {
    const nameArb = fc.oneof(fc.constantFrom("Ada Lovelace", "Łukasz Żółć", "李小龍", "Zoë", "Grace"), fc.string({ maxLength: 40 }));
    const investorArb = fc.record({
      name: nameArb,
      firm: fc.option(fc.constantFrom("Analytical", "Wisła Ventures", "Acme"), { nil: null }),
      score: fc.integer({ min: 0, max: 6 }).map((n) => n * 10),
      action: fc.constantFrom(...ACTIONS),
      status: fc.constantFrom(...RELATIONSHIP_STATUSES),
      redFlag: fc.option(fc.constantFrom("Fund closed", "Partner left — paused"), { nil: null }),
      actionSince: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(investorArb, { maxLength: 30 }), (rows) => {
        const { db } = createTestDatabase();
        try {
          const insert = db.$client.prepare(
            "insert into investors (name, firm, score, action, relationship_status, signal_red_flag, action_since, is_demo) values (?, ?, ?, ?, ?, ?, ?, 0)",
          );
          for (const [index, row] of rows.entries()) {
            insert.run(
              row.name,
              row.firm,
              row.score,
              row.action,
              row.status,
              row.redFlag,
              // A few milliseconds apart within a day, as the chunks of one import set them.
              row.actionSince === null ? null : new Date(Date.parse(day(row.actionSince)) + index * 7).toISOString(),
            );
          }
          const all = db.$client
            .prepare(
              "select id, name, firm, score, action, relationship_status, signal_red_flag, last_contact_date, action_since from investors",
            )
            .all() as Parameters<typeof buildDigest>[0];
          const app = fakeApp(db, now);
          expect(todaysDigest(app)).toBe(buildDigest(all, { date: now.toISOString().slice(0, 10) }).text);
        } finally {
          db.$client.close();
        }
      }),
      { numRuns: 150 },
    );
  });

  it("orders follow-ups by days overdue, most overdue first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ days: fc.integer({ min: 7, max: 400 }), score: fc.integer({ min: 0, max: 100 }) }), { maxLength: 30 }),
        (rows) => {
          const investors = rows.map((row, id) => ({
            id,
            score: row.score,
            action: "follow_up" as const,
            relationship_status: "in_conversation" as const,
            last_contact_date: day(row.days).slice(0, 10),
          }));
          const ordered = orderToday(investors).follow_up;
          const overdue = ordered.map((investor) => daysOverdue(investor, now, DEFAULT_RULES.followUpAfterDays)!);
          expect(overdue).toEqual([...overdue].sort((a, b) => b - a));
          // Equal overdue days: the better score first.
          for (let i = 1; i < ordered.length; i++) {
            if (overdue[i] === overdue[i - 1]) expect(ordered[i - 1]!.score).toBeGreaterThanOrEqual(ordered[i]!.score);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("breaks email-first ties on score by fit, fresh news, a warm path, cheque closeness, then name, and says which", () => {
    const base = { score: 45, action: "email_first" as const, last_contact_date: null, hook_at: null, fit: 90, warm: 0, cheque: 80 };
    const rows = [
      { ...base, id: 1, name: "Zinc" },
      { ...base, id: 2, name: "Aster", cheque: 100 },
      { ...base, id: 3, name: "Birch", warm: 1 },
      { ...base, id: 4, name: "Cedar", hook_at: day(2) },
      { ...base, id: 5, name: "Dune", fit: 95 },
      { ...base, id: 6, name: "Alder" },
    ];
    const ordered = orderToday(rows).email_first;
    expect(ordered.map((row) => row.name)).toEqual(["Dune", "Cedar", "Birch", "Aster", "Alder", "Zinc"]);
    const said = ordered.slice(0, -1).map((row, index) => tieBreakText(row, ordered[index + 1]!));
    expect(said).toEqual([
      "ahead on a closer fit",
      "ahead on fresher news",
      "ahead on a warm path",
      "ahead on a cheque closer to your ask",
      // Only the name tells Aster from Alder: a note would tell the founder nothing, so there is none.
      null,
    ]);
    expect(tieBreakText({ ...base, id: 7, score: 50 }, ordered[0]!)).toBeNull();
    expect(tieBreakText({ ...base, id: 8, name: "Same" }, { ...base, id: 9, name: "Same" })).toBeNull();
  });

  it("orders tied names ignoring case and accents, in SQL as in the comparator", () => {
    const { db } = createTestDatabase();
    try {
      const insert = db.$client.prepare(
        "insert into investors (name, score, action, relationship_status, is_demo) values (?, 45, 'email_first', 'not_contacted', 0)",
      );
      for (const name of ["SIX Fintech Ventures", "Simsan", "MARC Group", "d.ventures", "Élan Capital", "Zeta", "𝐀ster", "Ｚinc"])
        insert.run(name);
      // By code point, as SQLite compares text: "Ｚ" (U+FF3A) before "𝐀" (U+1D400), though UTF-16 has it the other way.
      const expected = ["d.ventures", "Élan Capital", "MARC Group", "Simsan", "SIX Fintech Ventures", "Zeta", "Ｚinc", "𝐀ster"];
      const fromSql = readToday(db, false, 10).email_first;
      expect(fromSql.map((row) => row.name)).toEqual(expected);
      expect(orderToday([...fromSql].reverse()).email_first.map((row) => row.name)).toEqual(expected);
    } finally {
      db.$client.close();
    }
  });

  it("orders don't chase by the day its reason began, then score, then name; follow-ups tied on dates and score by name", () => {
    const { db } = createTestDatabase();
    try {
      // Imported from a list in name order, 50 rows a chunk: each later chunk's rows began a few
      // milliseconds later. Newest first by the millisecond read the list backwards (Zeta first).
      const insert = db.$client.prepare(
        "insert into investors (name, score, action, relationship_status, action_since, last_contact_date, is_demo) values (?, ?, ?, ?, ?, ?, 0)",
      );
      const since = (ms: number) => new Date(now.getTime() + ms).toISOString();
      insert.run("Alder Capital", 10, "dont_chase", "not_contacted", since(1), null);
      insert.run("Birch Ventures", 10, "dont_chase", "not_contacted", since(40), null);
      insert.run("Zeta Partners", 10, "dont_chase", "not_contacted", since(80), null);
      insert.run("Older Flag", 12, "dont_chase", "not_contacted", day(3), null);
      insert.run("Tempting", 14, "dont_chase", "not_contacted", since(2), null);
      insert.run("Yew Fund", 30, "follow_up", "contacted", since(0), "2026-11-01");
      insert.run("Ash Fund", 30, "follow_up", "contacted", since(0), "2026-11-01");
      const expected = {
        dont_chase: ["Tempting", "Alder Capital", "Birch Ventures", "Zeta Partners", "Older Flag"],
        follow_up: ["Ash Fund", "Yew Fund"],
      };
      const fromSql = readToday(db, false, 10);
      expect(fromSql.dont_chase.map((row) => row.name)).toEqual(expected.dont_chase);
      expect(fromSql.follow_up.map((row) => row.name)).toEqual(expected.follow_up);
      const computed = orderToday([...fromSql.dont_chase, ...fromSql.follow_up].reverse());
      expect(computed.dont_chase.map((row) => row.name)).toEqual(expected.dont_chase);
      expect(computed.follow_up.map((row) => row.name)).toEqual(expected.follow_up);
    } finally {
      db.$client.close();
    }
  });

  it("puts email-first ties on score behind the freshest hook", () => {
    const ordered = orderToday([
      { id: 1, score: 60, action: "email_first" as const, last_contact_date: null, hook_at: null },
      { id: 2, score: 60, action: "email_first" as const, last_contact_date: null, hook_at: day(10) },
      { id: 3, score: 60, action: "email_first" as const, last_contact_date: null, hook_at: day(1) },
      { id: 4, score: 70, action: "email_first" as const, last_contact_date: null, hook_at: null },
    ]).email_first;
    expect(ordered.map((row) => row.id)).toEqual([4, 3, 2, 1]);
  });

  it("counts the lists and never counts a committed investor as don't chase", () => {
    const { db } = createTestDatabase();
    const insert = db.$client.prepare("insert into investors (name, action, relationship_status, is_demo) values (?, ?, ?, 0)");
    insert.run("In", "committed", "committed");
    insert.run("Out", "dont_chase", "passed");
    insert.run("First", "email_first", "not_contacted");
    const today = loadToday(db, false, { now, followUpAfterDays: 7, shown: 5 });
    expect(today.counts).toEqual({ email_first: 1, follow_up: 0, dont_chase: 1 });
    expect(today.lists.dont_chase.map((row) => row.name)).toEqual(["Out"]);
    db.$client.close();
  });
});
