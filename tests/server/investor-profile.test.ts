import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { sqlText } from "#tests/helpers/sql.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "investor-profile-passcode";
const ADMIN = { "x-admin-passcode": PASSCODE };

/** Profile edit, delete and merge over HTTP (decision 026): route #9's profile fields, routes #16 and #17, the page's forms. */
describe("fixing an investor in the app, over HTTP", () => {
  let server: RunningServer;
  let cookie: string;
  let startupId: number;

  async function addInvestor(name: string, extra: Record<string, string> = {}): Promise<number> {
    const response = await fetch(`${server.url}/investors/new`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name, kind: "fund", relationship_status: "not_contacted", ...extra }),
    });
    expect(response.status).toBe(302);
    return Number(response.headers.get("location")!.split("/").pop());
  }

  function send(method: string, path: string, body?: unknown, headers: Record<string, string> = ADMIN) {
    return fetch(server.url + path, {
      method,
      redirect: "manual",
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = { cookie }) {
    return fetch(server.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  async function exported(): Promise<Array<Record<string, unknown>>> {
    return (await (await fetch(`${server.url}/export.json`, { headers: { cookie } })).json()).investors;
  }

  function write(query: string, ...params: unknown[]) {
    const db = new Database(server.databasePath);
    try {
      db.prepare(query).run(...params);
    } finally {
      db.close();
    }
  }

  function addEvidence(investorId: number, url: string) {
    write(
      "insert into evidence (investor_id, url, title, source, published_at, found_at, content_hash, category, relevance) values (?, ?, 'Leads a seed', 'news', '2026-11-20', '2026-11-20T00:00:00Z', ?, 'deal', 0.9)",
      investorId,
      url,
      url,
    );
  }

  function addMail(investorId: number, messageId: string) {
    write(
      "insert into mail_contacts (investor_id, message_id, direction, sent_at, subject) values (?, ?, 'received', '2026-11-20T10:00:00Z', 'Re: intro')",
      investorId,
      messageId,
    );
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: "investor-profile-cron-0123456789" });
    cookie = await signIn(server.url, PASSCODE);
    const startup = await send("POST", "/api/startups", {
      name: "Ledgerly",
      pitch: "Bookkeeping for small shops.",
      sector: "fintech",
      stage: "seed",
      geography: "Netherlands",
      round_size: 1_500_000,
    });
    expect(startup.status).toBe(201);
    startupId = (await startup.json()).startup.id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("PATCH takes the profile, re-scores the investor and its per-startup score, and the export shows it", async () => {
    const id = await addInvestor("Grace Hopper");
    const before = count(
      server.databasePath,
      "select coalesce((select score from startup_scores where investor_id = ? and startup_id = ?), -1)",
      id,
      startupId,
    );
    const response = await send("PATCH", `/api/investors/${id}`, {
      name: "Grace B. Hopper",
      firm: "Cobol Capital",
      sectors: ["Fintech"],
      stages: ["seed"],
      geographies: ["NL"],
      check_min: 250_000,
      check_max: 1_000_000,
      check_currency: "EUR",
      relationship_status: "researching",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Grace B. Hopper",
      firm: "Cobol Capital",
      geographies: ["Netherlands"],
      check_currency: "EUR",
      relationship_status: "researching",
    });
    const after = count(
      server.databasePath,
      "select coalesce((select score from startup_scores where investor_id = ? and startup_id = ?), -1)",
      id,
      startupId,
    );
    expect(after).toBeGreaterThan(before);
    const fit = count(server.databasePath, "select signal_fit from investors where id = ?", id);
    expect(fit).toBeGreaterThan(0);
    const saved = (await exported()).find((row) => row.id === id);
    expect(saved).toMatchObject({ name: "Grace B. Hopper", sectors: ["Fintech"], check_min: 250_000, check_currency: "EUR" });
  });

  it("PATCH refuses an unknown key by name, a bad value per field and a range past the saved end, writing nothing", async () => {
    const id = await addInvestor("Refusal Test", { check_min: "100k", check_max: "500k" });
    const updated = sqlText(server.databasePath, "select updated_at from investors where id = ?", id);
    const unknown = await send("PATCH", `/api/investors/${id}`, { name: "X", score: 99 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toContain("score");
    const bad = await send("PATCH", `/api/investors/${id}`, { website: "javascript:alert(1)", stages: ["growth"] });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["stages.0", "website"]);
    const past = await send("PATCH", `/api/investors/${id}`, { check_min: 900_000 });
    expect(past.status).toBe(400);
    expect((await past.json()).error).toMatchObject({ code: "invalid_body", fields: { check_min: [expect.stringContaining("500000")] } });
    expect(sqlText(server.databasePath, "select updated_at from investors where id = ?", id)).toBe(updated);
  });

  it("lets anyone fix a demo investor's profile, and no stranger a real one", async () => {
    const demo = (await (await fetch(`${server.url}/api/search-feed?demo=1`)).json()).items[0];
    const open = await send("PATCH", `/api/investors/${demo.id}`, { firm: "Demo Firm Renamed", geographies: ["UK"] }, {});
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ firm: "Demo Firm Renamed", geographies: ["United Kingdom"], is_demo: true });
    const id = await addInvestor("Private Person");
    const refused = await send("PATCH", `/api/investors/${id}`, { name: "Hijacked" }, {});
    expect(refused.status).toBe(401);
    expect(count(server.databasePath, "select count(*) from investors where name = 'Hijacked'")).toBe(0);
  });

  it("DELETE takes a real investor with its evidence, contacts, mail and scores; refuses strangers and demo rows", async () => {
    const id = await addInvestor("Gone Soon", { sectors: "fintech", stages: "seed" });
    addEvidence(id, "https://news.example.com/gone");
    addMail(id, "<gone@example.com>");
    expect((await send("PATCH", `/api/investors/${id}`, { add_contact: { note: "Called" } })).status).toBe(200);
    expect(count(server.databasePath, "select count(*) from startup_scores where investor_id = ?", id)).toBe(1);

    const stranger = await send("DELETE", `/api/investors/${id}`, undefined, {});
    expect(stranger.status).toBe(401);
    const demo = (await (await fetch(`${server.url}/api/search-feed?demo=1`)).json()).items[0];
    const demoDelete = await send("DELETE", `/api/investors/${demo.id}`);
    expect(demoDelete.status).toBe(409);
    expect((await demoDelete.json()).error.code).toBe("demo_investor");

    const deleted = await send("DELETE", `/api/investors/${id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    for (const table of [
      "investors where id",
      "evidence where investor_id",
      "contact_entries where investor_id",
      "mail_contacts where investor_id",
      "startup_scores where investor_id",
    ]) {
      expect(count(server.databasePath, `select count(*) from ${table} = ?`, id), table).toBe(0);
    }
    expect((await exported()).some((row) => row.id === id)).toBe(false);
    const feed = await (await fetch(`${server.url}/api/search-feed`, { headers: { cookie } })).json();
    expect(feed.items.some((item: { id: number }) => item.id === id)).toBe(false);
    expect(await (await fetch(`${server.url}/export.csv`, { headers: { cookie } })).text()).not.toContain("Gone Soon");
    expect((await send("DELETE", `/api/investors/${id}`)).status).toBe(404);
  });

  it("POST merge folds the other in: contacts, evidence, mail and notes move, empty fields fill, the other goes", async () => {
    const keep = await addInvestor("Ada Lovelace", { email: "ada@analytical.vc" });
    expect((await send("PATCH", `/api/investors/${keep}`, { personal_notes: "Met at the meetup." })).status).toBe(200);
    const other = await addInvestor("Ada Lovelace (Analytical)", {
      firm: "Analytical Ventures",
      sectors: "Fintech",
      stages: "seed",
      geographies: "Netherlands",
      check_min: "250k",
      check_max: "1m",
    });
    expect(
      (
        await send("PATCH", `/api/investors/${other}`, {
          personal_notes: "Warm intro via Grace.",
          add_contact: { note: "Intro call", date: "2026-11-02" },
        })
      ).status,
    ).toBe(200);
    addEvidence(other, "https://news.example.com/ada-seed");
    addEvidence(keep, "https://news.example.com/ada-seed");
    addEvidence(other, "https://news.example.com/ada-other");
    addMail(other, "<ada-1@example.com>");

    expect((await send("POST", `/api/investors/${keep}/merge`, { other_id: keep })).status).toBe(400);
    const unknownKey = await send("POST", `/api/investors/${keep}/merge`, { other_id: other, survivor: other });
    expect(unknownKey.status).toBe(400);
    expect((await unknownKey.json()).error.message).toContain("survivor");
    expect((await send("POST", `/api/investors/${keep}/merge`, { other_id: 999_999 })).status).toBe(404);
    const demo = (await (await fetch(`${server.url}/api/search-feed?demo=1`)).json()).items[0];
    expect((await send("POST", `/api/investors/${keep}/merge`, { other_id: demo.id })).status).toBe(409);
    expect((await send("POST", `/api/investors/${keep}/merge`, { other_id: other }, {})).status).toBe(401);
    expect(count(server.databasePath, "select count(*) from investors where id = ?", other)).toBe(1);

    const merged = await send("POST", `/api/investors/${keep}/merge`, { other_id: other });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toMatchObject({
      id: keep,
      name: "Ada Lovelace",
      email: "ada@analytical.vc",
      firm: "Analytical Ventures",
      sectors: ["Fintech"],
      check_min: 250_000,
      check_max: 1_000_000,
      last_contact_date: "2026-11-02",
      personal_notes: "Met at the meetup.\n\nWarm intro via Grace.",
      contact_history: [expect.objectContaining({ note: "Intro call" })],
    });
    expect(count(server.databasePath, "select count(*) from investors where id = ?", other)).toBe(0);
    expect(count(server.databasePath, "select count(*) from evidence where investor_id = ?", keep)).toBe(2);
    expect(count(server.databasePath, "select count(*) from mail_contacts where investor_id = ?", keep)).toBe(1);
    expect(count(server.databasePath, "select count(*) from startup_scores where investor_id = ?", keep)).toBe(1);
    expect(count(server.databasePath, "select signal_fit from investors where id = ?", keep)).toBeGreaterThan(0);
    const rows = await exported();
    expect(rows.some((row) => row.id === other)).toBe(false);
    expect(rows.find((row) => row.id === keep)).toMatchObject({ firm: "Analytical Ventures", evidence: expect.any(Array) });
  });

  it("the page's forms: a profile in the founder's words, refusals said per field, delete and merge only when confirmed", async () => {
    const id = await addInvestor("Form Person");
    const bad = await postForm(`/investors/${id}`, {
      intent: "profile",
      name: "Form Person",
      kind: "fund",
      cheque: "lots",
      stages: "Seed, Series Q",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Write the cheque range like $250k-$1M or €500k; &#x27;lots&#x27; is not an amount");
    expect(html).toContain("&#x27;Series Q&#x27; is not a stage");

    const good = await postForm(`/investors/${id}`, {
      intent: "profile",
      name: "Form Person",
      kind: "angel",
      cheque: "£250k-£1M",
      stages: "Seed, Series A",
      geographies: "UK, Netherlands",
      website: "formperson.vc",
      check_currency: "USD",
    });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe(`/investors/${id}?saved=profile#profile`);
    expect((await exported()).find((row) => row.id === id)).toMatchObject({
      kind: "angel",
      stages: ["seed", "series_a"],
      geographies: ["United Kingdom", "Netherlands"],
      website: "https://formperson.vc",
      check_min: 250_000,
      check_max: 1_000_000,
      check_currency: "GBP",
    });

    const unconfirmed = await postForm(`/investors/${id}`, { intent: "delete" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the box to confirm the delete.");
    expect(count(server.databasePath, "select count(*) from investors where id = ?", id)).toBe(1);

    const other = await addInvestor("Form Person Duplicate", { email: "dup@formperson.vc" });
    const search = await (await fetch(`${server.url}/investors/${id}?merge_query=Duplicate`, { headers: { cookie } })).text();
    expect(search).toContain(`value="${other}"`);
    expect((await postForm(`/investors/${id}`, { intent: "merge", other_id: String(other) })).status).toBe(400);
    const merged = await postForm(`/investors/${id}`, { intent: "merge", other_id: String(other), confirm: "yes" });
    expect(merged.headers.get("location")).toBe(`/investors/${id}?saved=merged`);
    expect((await exported()).find((row) => row.id === id)).toMatchObject({ email: "dup@formperson.vc" });

    const deleted = await postForm(`/investors/${id}`, { intent: "delete", confirm: "yes" });
    expect(deleted.headers.get("location")).toBe("/");
    expect((await exported()).some((row) => row.id === id || row.id === other)).toBe(false);
  });

  it("the demo page edits a demo profile but neither deletes nor merges", async () => {
    const demo = (await (await fetch(`${server.url}/api/search-feed?demo=1`)).json()).items[1];
    const edited = await postForm(
      `/demo/investors/${demo.id}`,
      { intent: "profile", name: "Demo Renamed", kind: "fund", stages: "Seed" },
      {},
    );
    expect(edited.headers.get("location")).toBe(`/demo/investors/${demo.id}?saved=profile#profile`);
    expect(sqlText(server.databasePath, "select name from investors where id = ?", demo.id)).toBe("Demo Renamed");
    const deleted = await postForm(`/demo/investors/${demo.id}`, { intent: "delete", confirm: "yes" }, {});
    expect(deleted.status).toBe(400);
    expect(count(server.databasePath, "select count(*) from investors where id = ?", demo.id)).toBe(1);
    const page = await (await fetch(`${server.url}/demo/investors/${demo.id}`)).text();
    expect(page).not.toContain("Delete investor");
  });
});
