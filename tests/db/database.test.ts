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
        "startups",
        "rubrics",
        "evaluations",
        "startup_scores",
        "app_state",
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
