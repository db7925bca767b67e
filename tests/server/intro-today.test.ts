import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCsv } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { sqlNumber, sqlValue } from "#tests/helpers/sql.ts";

const PASSCODE = "intro-today-test-passcode";
const CRON = "intro-today-cron-0123456789abcdef0123";

/**
 * Warm paths on Today over HTTP (decision 065): the ask row, "Asked" and its Undo, the nudge five
 * days on; the form refuses what Today never sends, and a stranger is sent to sign in.
 */
describe("Today's warm row on the built server", () => {
  let server: RunningServer;
  let cookie: string;
  let kristin: number;
  let cold: number;
  let path: number;

  const post = (to: string, fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
    fetch(`${server.url}${to}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
  /** A page's text as read: React's empty comments between parts of a sentence taken out. */
  const page = async (to = "/") => (await (await fetch(`${server.url}${to}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
  const rescore = async () =>
    expect((await fetch(`${server.url}/api/rescore`, { method: "POST", headers: { authorization: `Bearer ${CRON}` } })).status).toBe(200);
  const write = (sql: string, ...params: unknown[]) => {
    const db = new Database(server.databasePath);
    try {
      return db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
    cookie = await signIn(server.url, PASSCODE);
    const csv = "name,firm,relationship_status\nKristin Lund,Fjord Climate,not_contacted\nKristin Cold,Fjord Climate,not_contacted\n";
    expect((await importCsv(server, csv, { as: { cookie } })).status).toBe(303);
    kristin = sqlNumber(server.databasePath, "select id from investors where is_demo = 0 and name = 'Kristin Lund'");
    cold = sqlNumber(server.databasePath, "select id from investors where is_demo = 0 and name = 'Kristin Cold'");
    // Both investing actively (no startup: the overall score), so both are email first; Erik knows Kristin.
    write("update investors set signal_activity = 100, signals_checked_at = ? where is_demo = 0", new Date().toISOString());
    for (const [id, day] of [kristin, cold].flatMap((id) => [1, 2].map((day) => [id, day] as const))) {
      write(
        `insert into evidence (investor_id, url, title, source, published_at, found_at, content_hash, category, relevance, summary, judged_at)
         values (?, ?, 'A seed led', 'news', ?, ?, ?, 'deal', 1, 'Led a seed', ?)`,
        id,
        `https://news.example.com/${id}-${day}`,
        new Date(Date.now() - day * 86_400_000).toISOString(),
        new Date().toISOString(),
        `h-${id}-${day}`,
        new Date().toISOString(),
      );
    }
    const erik = Number(write("insert into people (name, name_key, is_demo) values ('Erik Solberg', 'erik solberg', 0)").lastInsertRowid);
    path = Number(
      write(
        "insert into intro_paths (investor_id, person_id, source, tier, evidence, state, is_demo) values (?, ?, 'mail', 'strong', 'Erik and kristin@fjord.vc were on 4 threads', 'to_ask', 0)",
        kristin,
        erik,
      ).lastInsertRowid,
    );
    await rescore();
  });
  afterAll(async () => server?.stop());

  it("shows the ask with its evidence and the connector's draft, and Asked in place of Emailed; the cold twin keeps Emailed", async () => {
    const html = await page();
    expect(html).toContain("Ask Erik for an intro to Kristin Lund (Fjord Climate)");
    expect(html).toContain("Strong path · Erik and kristin@fjord.vc were on 4 threads");
    expect(html).toContain(`href="/investors/${kristin}#intro-draft-${path}"`);
    expect(html).toContain(`action="/investors/${kristin}/intro-asked"`);
    expect(html).toContain('aria-label="Asked Erik for the intro to Kristin Lund"');
    expect(html).toContain('aria-label="Emailed Kristin Cold"');
    expect(html).not.toContain('aria-label="Emailed Kristin Lund"');
    // The warm one first: the path's credit is in her score.
    expect(html.indexOf("Ask Erik")).toBeLessThan(html.indexOf("Kristin Cold"));
  });

  it("refuses what Today never sends and a stranger, writing nothing", async () => {
    expect((await post(`/investors/${cold}/intro-asked`, { path: String(path) })).status).toBe(404);
    expect((await post(`/investors/${kristin}/intro-asked`, { path: String(path), state: "introduced" })).status).toBe(400);
    expect((await post(`/investors/${kristin}/intro-asked`, { path: String(path), extra: "x" })).status).toBe(400);
    const anonymous = await post(`/investors/${kristin}/intro-asked`, { path: String(path) }, {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    expect(sqlValue(server.databasePath, "select state from intro_paths where id = ?", path)).toBe("to_ask");
  });

  it("Asked records the intro and says so with Undo; Undo puts the ask back", async () => {
    const asked = await post(`/investors/${kristin}/intro-asked`, { path: String(path), state: "asked" });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe(`/?asked=${path}#today`);
    expect(sqlValue(server.databasePath, "select state from intro_paths where id = ?", path)).toBe("asked");
    expect(sqlValue(server.databasePath, "select action from investors where id = ?", kristin)).toBe("wait");
    const after = await page(asked.headers.get("location")!);
    expect(after).toContain("Recorded: you asked Erik for the intro to Kristin Lund today.");
    expect(after).toContain('aria-label="Undo: you did not ask Erik yet"');
    expect(after).not.toContain("Ask Erik for an intro");
    const undone = await post(`/investors/${kristin}/intro-asked`, { path: String(path), state: "to_ask" });
    expect(undone.headers.get("location")).toBe(`/?unasked=${path}#today`);
    const back = await page(undone.headers.get("location")!);
    expect(back).toContain("Undone: the intro to Kristin Lund is to ask of Erik again.");
    expect(back).toContain("Ask Erik for an intro to Kristin Lund (Fjord Climate)");
  });

  it("five days after Asked, Follow-ups due says to nudge Erik, with Nudged", async () => {
    await post(`/investors/${kristin}/intro-asked`, { path: String(path), state: "asked" });
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    write("update intro_paths set asked_on = ? where id = ?", sixDaysAgo, path);
    await rescore();
    const html = await page();
    expect(html).toContain("Nudge Erik about the intro to Kristin Lund you asked for 6 days ago.");
    expect(html).toContain('aria-label="Nudged Erik about the intro to Kristin Lund"');
    expect(sqlValue(server.databasePath, "select action from investors where id = ?", kristin)).toBe("follow_up");
  });

  it("on /demo, Asked marks a demo intro through the demo's own route; neither side's route reaches the other's paths", async () => {
    expect((await fetch(`${server.url}/demo`)).status).toBe(200);
    const demoPath = sqlValue(
      server.databasePath,
      "select id || ' ' || investor_id from intro_paths where is_demo = 1 and state = 'to_ask' order by id limit 1",
    );
    expect(demoPath, "the demo has warm intros").toBeTruthy();
    const [demoPathId, demoInvestor] = String(demoPath).split(" ");
    const visitor = { "x-forwarded-for": "198.51.100.77" };
    // The real side's route with a demo path, and the demo's route with a real path: not found, nothing written.
    expect((await post(`/investors/${demoInvestor}/intro-asked`, { path: demoPathId! })).status).toBe(404);
    expect((await post(`/demo/investors/${kristin}/intro-asked`, { path: String(path) }, visitor)).status).toBe(404);
    const asked = await post(`/demo/investors/${demoInvestor}/intro-asked`, { path: demoPathId! }, visitor);
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toMatch(/^\/demo\?/);
    expect(sqlValue(server.databasePath, "select state from intro_paths where id = ?", Number(demoPathId))).toBe("asked");
  });
});
