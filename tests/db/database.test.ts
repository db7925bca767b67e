import { describe, expect, it } from "vitest";
import { runs } from "#db/schema.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("database", () => {
  it("opens in WAL mode with foreign keys and a busy timeout", () => {
    const { db } = createTestDatabase();
    const client = db.$client;
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(client.pragma("synchronous", { simple: true })).toBe(1); // NORMAL
    expect(client.pragma("busy_timeout", { simple: true })).toBe(5000);
  });

  it("finds an investor's rows in every table a deleted investor or run cascades into by index, not by a scan", () => {
    const { db } = createTestDatabase();
    const plan = (sql: string) =>
      (db.$client.prepare(`explain query plan ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join("; ");
    // SQLite runs these lookups for each deleted parent row (ON DELETE CASCADE / SET NULL).
    expect(plan("select 1 from startup_scores where investor_id = 1")).toMatch(/USING (COVERING )?INDEX startup_scores_investor/);
    expect(plan("select 1 from evaluations where investor_id = 1")).toMatch(/USING (COVERING )?INDEX evaluations_investor/);
    expect(plan("select 1 from evidence where run_id = 'r'")).toMatch(/USING (COVERING )?INDEX evidence_run/);
    expect(plan("select 1 from contact_entries where investor_id = 1")).toMatch(/USING (COVERING )?INDEX/);
    expect(plan("select 1 from evidence where investor_id = 1")).toMatch(/USING (COVERING )?INDEX/);
  });

  it("creates every resource's table", () => {
    const { db } = createTestDatabase();
    const tables = db.$client
      .prepare("select name from sqlite_master where type = 'table' and name not like '\\_\\_%' escape '\\' and name not like 'sqlite%'")
      .pluck()
      .all();
    expect(new Set(tables)).toEqual(
      new Set([
        "investors",
        "contact_entries",
        "evidence",
        "runs",
        "run_items",
        "startups",
        "undo_changes",
        "rubrics",
        "evaluations",
        "startup_scores",
        "app_state",
        "sessions",
        "mail_contacts",
        "mail_mailboxes",
        "mail_pair_threads",
        "mail_counted_messages",
        "mail_senders",
        "news_items",
        "feed_states",
        "deals",
        "deal_investors",
        "discovery_aliases",
        "discovery_dismissals",
        "members",
        "member_passkeys",
        "member_tokens",
        "invites",
        "activity",
        "people",
        "person_addresses",
        "intro_paths",
        "decks",
        "deck_versions",
        "deck_pages",
        "deck_files",
        "deck_links",
        "deck_views",
        "deck_view_pages",
      ]),
    );
  });

  it("gives each test its own database", () => {
    const first = createTestDatabase();
    const second = createTestDatabase();
    first.db.$client.prepare("insert into app_state (key, value) values ('k', 'v')").run();
    expect(second.db.$client.prepare("select count(*) from app_state").pluck().get()).toBe(0);
  });

  it("allows at most one active real run", () => {
    const { db } = createTestDatabase();
    db.insert(runs).values({ runId: "a", trigger: "cron", status: "running" }).run();
    expect(() => db.insert(runs).values({ runId: "b", trigger: "manual", status: "queued" }).run()).toThrow(/UNIQUE/);
    db.insert(runs).values({ runId: "c", trigger: "demo", status: "running" }).run();
    db.insert(runs).values({ runId: "d", trigger: "cron", status: "completed" }).run();
  });

  it("cascades contact history and evidence with their investor", () => {
    const { db } = createTestDatabase();
    const c = db.$client;
    const id = c.prepare("insert into investors (name) values ('Ada')").run().lastInsertRowid;
    c.prepare("insert into contact_entries (investor_id, note) values (?, 'met')").run(id);
    c.prepare(
      "insert into evidence (investor_id, url, source, found_at, content_hash) values (?, 'https://x.test', 'news', '2026-11-01', 'h')",
    ).run(id);
    c.prepare("delete from investors where id = ?").run(id);
    expect(c.prepare("select count(*) from contact_entries").pluck().get()).toBe(0);
    expect(c.prepare("select count(*) from evidence").pluck().get()).toBe(0);
  });
});
