import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, realRowsChecksum } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { sqlText } from "#tests/helpers/sql.ts";
import { postForm } from "#tests/helpers/http.ts";

const PASSCODE = "investors-test-passcode";
const CRON = "investors-test-cron-secret-01234";

describe("investors, scores, feed, exports and demo over HTTP", () => {
  let server: RunningServer;
  let cookie: string;
  let adaId: number;
  let demoId: number;
  let demoName: string;

  async function addInvestor(fields: Record<string, string | string[]>): Promise<number> {
    const response = await postForm(server, "/investors/new", fields, { as: { cookie } });
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/investors\/\d+$/);
    return Number(location.split("/").pop());
  }

  function patch(id: number, body: unknown, headers: Record<string, string> = { "x-admin-passcode": PASSCODE }) {
    return fetch(`${server.url}/api/investors/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  function investorRow(id: number) {
    return sqlText(
      server.databasePath,
      "select json_object('status', relationship_status, 'last', last_contact_date, 'notes', personal_notes, 'activity', signal_activity, 'score', score, 'updated', updated_at) from investors where id = ?",
      id,
    );
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
    cookie = await signIn(server.url, PASSCODE);
    adaId = await addInvestor({
      name: "Ada Lovelace",
      firm: "Analytical Ventures",
      email: "ada@analytical.example.com",
      sectors: "fintech; AI",
      stages: ["seed", "series_a"],
      check_min: "250k",
      check_max: "2m",
    });
    await addInvestor({ name: "Zoë Ångström", firm: "Nordlys Capital", kind: "fund", relationship_status: "in_conversation" });
    const demo = await (await fetch(`${server.url}/api/search-feed?demo=1`)).json();
    demoId = demo.items[0].id;
    demoName = demo.items[0].name;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("seeds the demo set at the first start", () => {
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 1")).toBeGreaterThanOrEqual(60);
  });

  it("creates an investor from the form with parsed lists and amounts, and scores it", () => {
    const row = JSON.parse(
      sqlText(
        server.databasePath,
        "select json_object('sectors', sectors, 'stages', stages, 'min', check_min, 'max', check_max, 'action', action) from investors where id = ?",
        adaId,
      ),
    );
    expect(JSON.parse(row.sectors)).toEqual(["fintech", "AI"]);
    expect(JSON.parse(row.stages)).toEqual(["seed", "series_a"]);
    expect(row.min).toBe(250_000);
    expect(row.max).toBe(2_000_000);
    expect(row.action).toBe("research");
  });

  it("refuses an edit with an unknown key, names it, and writes nothing", async () => {
    const before = investorRow(adaId);
    const response = await patch(adaId, { relationship_status: "contacted", favourite: true });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("invalid_body");
    expect(body.error.message).toContain("favourite");
    expect(body.error.fields).toHaveProperty("favourite");
    expect(investorRow(adaId)).toBe(before);
  });

  it("cannot write refresh-owned or derived columns through the edit", async () => {
    const before = investorRow(adaId);
    for (const key of [
      "signal_activity",
      "signal_fit",
      "signal_hook",
      "signal_red_flag",
      "signals_checked_at",
      "score",
      "action",
      "is_demo",
      "name",
    ]) {
      const response = await patch(adaId, { [key]: key === "is_demo" ? true : 99 });
      expect(response.status, key).toBe(400);
      expect((await response.json()).error.message).toContain(key);
    }
    expect(investorRow(adaId)).toBe(before);
  });

  it("edits the user-owned columns, appends contact history, and re-scores", async () => {
    const response = await patch(adaId, {
      relationship_status: "in_conversation",
      personal_notes: "Met at Slush; likes infra.",
      add_contact: { date: "2026-11-02", channel: "email", note: "Sent the deck" },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.relationship_status).toBe("in_conversation");
    expect(body.last_contact_date).toBe("2026-11-02");
    expect(body.personal_notes).toBe("Met at Slush; likes infra.");
    expect(body.contact_history).toHaveLength(1);
    expect(body.contact_history[0]).toMatchObject({ channel: "email", note: "Sent the deck" });
    // Twenty days since the last contact: a follow-up is due.
    expect(body.action).toBe("follow_up");
    expect(body.signal_activity).toBeNull();
  });

  it("refuses bad values with the field named", async () => {
    const response = await patch(adaId, { last_contact_date: "2026-02-30", relationship_status: "friends" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.error.fields).sort()).toEqual(["last_contact_date", "relationship_status"]);
  });

  it("answers 404 for an unknown id, 401 without a credential, 415 for a form body", async () => {
    expect((await patch(999_999, { personal_notes: "x" })).status).toBe(404);
    expect((await patch(adaId, { personal_notes: "x" }, {})).status).toBe(401);
    const form = await fetch(`${server.url}/api/investors/${adaId}`, {
      method: "PATCH",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/x-www-form-urlencoded" },
      body: "personal_notes=x",
    });
    expect(form.status).toBe(415);
  });

  it("lets anyone edit a demo investor, and no one edit a real one without a session", async () => {
    const response = await patch(demoId, { personal_notes: "demo note" }, {});
    expect(response.status).toBe(200);
    expect((await response.json()).is_demo).toBe(true);
    const before = investorRow(adaId);
    expect((await patch(adaId, { personal_notes: "anonymous" }, {})).status).toBe(401);
    expect(investorRow(adaId)).toBe(before);
  });

  it("serves the search feed with an ETag and answers 304 to it", async () => {
    const first = await fetch(`${server.url}/api/search-feed`, { headers: { cookie } });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const body = await first.json();
    expect(body.items.map((item: { name: string }) => item.name).sort()).toEqual(["Ada Lovelace", "Zoë Ångström"]);
    expect(body.items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        score: expect.any(Number),
        action: expect.any(String),
        href: expect.stringMatching(/^\/investors\/\d+$/),
      }),
    );
    const second = await fetch(`${server.url}/api/search-feed`, { headers: { cookie, "if-none-match": etag! } });
    expect(second.status).toBe(304);
    // A change to the data changes the tag.
    await patch(adaId, { relationship_status: "passed" });
    const third = await fetch(`${server.url}/api/search-feed`, { headers: { cookie, "if-none-match": etag! } });
    expect(third.status).toBe(200);
  });

  it("keeps the feed until a write, and changes its ETag on a write by any connection", async () => {
    const feed = async (etag?: string) =>
      fetch(`${server.url}/api/search-feed`, { headers: { cookie, ...(etag ? { "if-none-match": etag } : {}) } });
    const first = await feed();
    const etag = first.headers.get("etag")!;
    const items = (await first.json()).items as Array<{ id: number; name: string }>;
    // Nothing written: the same tag, and a 304.
    expect((await feed()).headers.get("etag")).toBe(etag);
    expect((await feed(etag)).status).toBe(304);
    // A write by another connection (a script on the same file) is seen at once.
    const { default: Database } = await import("better-sqlite3");
    const other = new Database(server.databasePath);
    other
      .prepare("update investors set name = 'Zoë Ångström-Renamed' where id = ?")
      .run(items.find((item) => item.name.startsWith("Zoë"))!.id);
    other.close();
    const renamed = await feed(etag);
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get("etag")).not.toBe(etag);
    expect(((await renamed.json()).items as Array<{ name: string }>).map((item) => item.name)).toContain("Zoë Ångström-Renamed");
    // And a write through the app that changes an item (Ada's action), then back as it was.
    const again = renamed.headers.get("etag")!;
    await patch(adaId, { relationship_status: "not_contacted" });
    expect((await feed(again)).status).toBe(200);
    await patch(adaId, { relationship_status: "passed" });
    const restore = new Database(server.databasePath);
    restore.prepare("update investors set name = 'Zoë Ångström' where name = 'Zoë Ångström-Renamed'").run();
    restore.close();
  });

  it("keeps the real feed closed without a session, and the demo feed to demo rows", async () => {
    expect((await fetch(`${server.url}/api/search-feed`)).status).toBe(401);
    // More than 60 demo investors, answered a page at a time (decision 066).
    const demo = await (await fetch(`${server.url}/api/search-feed?demo=1`)).json();
    expect(demo.items).toHaveLength(50);
    expect(demo.items.every((item: { href: string }) => item.href.startsWith("/demo/investors/"))).toBe(true);
    const asked = await (await fetch(`${server.url}/api/search-feed?demo=1&q=${encodeURIComponent("Ada Lovelace")}`)).json();
    expect(asked.items.some((item: { name: string }) => item.name === "Ada Lovelace")).toBe(false);
    const real = await (
      await fetch(`${server.url}/api/search-feed?q=${encodeURIComponent("Ada Lovelace")}`, { headers: { cookie } })
    ).json();
    expect(real.items.map((item: { name: string }) => item.name)).toContain("Ada Lovelace");
    expect((await fetch(`${server.url}/api/search-feed?limit=51`, { headers: { cookie } })).status).toBe(400);
  });

  it("never shows a demo row on the real dashboard or exports, nor a real one on the demo views", async () => {
    const real = await (await fetch(`${server.url}/?sort=name&dir=asc`, { headers: { cookie } })).text();
    expect(real).toContain("Ada Lovelace");
    expect(real).not.toContain(demoName);
    const demo = await (await fetch(`${server.url}/demo?sort=name&dir=asc`)).text();
    expect(demo).toContain(demoName);
    expect(demo).not.toContain("Ada Lovelace");
    expect((await fetch(`${server.url}/demo/investors/${adaId}`)).status).toBe(404);
    expect((await fetch(`${server.url}/investors/${demoId}`, { headers: { cookie } })).status).toBe(404);

    const csv = await (await fetch(`${server.url}/export.csv`, { headers: { cookie } })).text();
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(csv).toContain("Zoë Ångström");
    expect(csv).not.toContain(demoName);
    const json = await (await fetch(`${server.url}/export.json`, { headers: { cookie } })).json();
    expect(json.investors.map((i: { name: string }) => i.name).sort()).toEqual(["Ada Lovelace", "Zoë Ångström"]);
    expect(json.investors.find((i: { name: string }) => i.name === "Ada Lovelace").contact_history).toHaveLength(1);
  });

  it("never renders a stored non-http(s) link, even one written behind the app's back", async () => {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(server.databasePath);
    try {
      const insert = db.prepare(
        "insert into evidence (investor_id, url, title, source, found_at, content_hash) values (?, ?, ?, 'web', '2026-11-20T00:00:00Z', ?)",
      );
      insert.run(adaId, "javascript:alert(1)", "Script link", "h1");
      insert.run(adaId, "data:text/html,<script>alert(1)</script>", "Data link", "h2");
      insert.run(adaId, "https://news.example.com/ok", "<script>alert('x')</script>", "h3");
      db.prepare("update investors set website = 'javascript:alert(2)' where id = ?").run(adaId);
    } finally {
      db.close();
    }
    const html = await (await fetch(`${server.url}/investors/${adaId}`, { headers: { cookie } })).text();
    expect(html).toContain("Script link");
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).toContain('href="https://news.example.com/ok" target="_blank" rel="noopener noreferrer"');
    expect(html).not.toContain("<script>alert('x')</script>");
  });

  it("keeps exports behind a session", async () => {
    expect((await fetch(`${server.url}/export.csv`, { redirect: "manual" })).status).toBe(302);
    expect((await fetch(`${server.url}/export.json`, { redirect: "manual" })).status).toBe(302);
  });

  it("changes only demo rows on demo reset and demo refresh", async () => {
    const before = realRowsChecksum(server.databasePath);
    const refreshed = await fetch(`${server.url}/api/demo/refresh`, { method: "POST" });
    expect(refreshed.status).toBe(200);
    const refresh = await refreshed.json();
    expect(refresh.run_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(refresh.updated).toBeGreaterThan(0);
    expect(count(server.databasePath, "select count(*) from evidence where run_id = ?", refresh.run_id)).toBeGreaterThan(0);
    expect(
      count(
        server.databasePath,
        "select count(*) from runs where run_id = ? and trigger = 'demo' and status = 'completed'",
        refresh.run_id,
      ),
    ).toBe(1);
    expect(realRowsChecksum(server.databasePath)).toBe(before);

    const reset = await fetch(`${server.url}/api/demo/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect((await reset.json()).demo_investors).toBeGreaterThanOrEqual(60);
    expect(count(server.databasePath, "select count(*) from evidence where run_id = ?", refresh.run_id)).toBe(0);
    expect(realRowsChecksum(server.databasePath)).toBe(before);
  });

  it("re-scores everything with the cron bearer, and only with it", async () => {
    const refused = await fetch(`${server.url}/api/rescore`, { method: "POST" });
    expect(refused.status).toBe(401);
    const response = await fetch(`${server.url}/api/rescore`, { method: "POST", headers: { authorization: `Bearer ${CRON}` } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.investors).toBe(count(server.databasePath, "select count(*) from investors"));
    expect(body.startups).toBe(0);
    expect(typeof body.duration_ms).toBe("number");
    const withBody = await fetch(`${server.url}/api/rescore`, {
      method: "POST",
      headers: { authorization: `Bearer ${CRON}`, "content-type": "application/json" },
      body: JSON.stringify({ force: true }),
    });
    expect(withBody.status).toBe(400);
  });
  it("moves the last contact forward when the page's form adds a dated contact, writing only changed fields", async () => {
    const id = await addInvestor({ name: "Form Fiona", firm: "Formal Capital" });
    const { default: Database } = await import("better-sqlite3");
    // Another tab (or the API) set notes after this form was loaded.
    expect((await patch(id, { personal_notes: "Written elsewhere" })).status).toBe(200);
    const response = await postForm(
      server,
      `/investors/${id}`,
      {
        "original.relationship_status": "not_contacted",
        "original.last_contact_date": "",
        "original.personal_notes": "",
        relationship_status: "contacted",
        last_contact_date: "",
        personal_notes: "",
        "add_contact.date": "2026-11-01",
        "add_contact.channel": "email",
        "add_contact.note": "Sent the deck",
      },
      { as: { cookie } },
    );
    expect(response.status).toBe(302);
    const db = new Database(server.databasePath, { readonly: true });
    const row = db.prepare("select relationship_status, last_contact_date, personal_notes, action from investors where id = ?").get(id);
    db.close();
    expect(row).toEqual({
      relationship_status: "contacted",
      last_contact_date: "2026-11-01",
      personal_notes: "Written elsewhere",
      action: "follow_up",
    });
  });
});
