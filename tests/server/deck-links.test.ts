import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DECK_LINK_LIMITS } from "#app/http/deck-link-budget.server.ts";
import { deckPdf } from "#tests/helpers/decks.ts";
import { postForm } from "#tests/helpers/http.ts";
import { writeSql } from "#tests/helpers/members.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { sqlNumber, sqlValue } from "#tests/helpers/sql.ts";

const PASSCODE = "deck-links-passcode-7731";
const INVESTOR = "Ilse Varga";
/** 50 viewers from addresses of their own, each asking for the 3 pages at once; prints "started", then each answer's status and time. */
const VIEWERS_SCRIPT = `
const [base, token] = process.argv.slice(-2);
const started = [];
for (let v = 0; v < 50; v++) for (let n = 1; n <= 3; n++) {
  const at = performance.now();
  started.push(fetch(base + "/d/" + token + "/pages/" + n + ".webp", { headers: { "x-forwarded-for": "100.64.7." + (v + 1) } })
    .then(async (r) => { await r.arrayBuffer(); return { status: r.status, ms: performance.now() - at }; }));
}
process.stdout.write("started\\n");
process.stdout.write(JSON.stringify(await Promise.all(started)));
`;

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const LAPTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15";

/**
 * Deck links on the built server (decision 068): the viewer's headers and images, views counted
 * with bots apart, reports bounded by the view's key, expired and revoked links said without a
 * name, and 2,000 guessed tokens from a thousand addresses stopped by the ceiling while the
 * founder's pages answer.
 */
describe("deck links on the built server", () => {
  let server: RunningServer;
  let cookie: string;
  let startupId: number;
  let investorId: number;
  let addresses = 0;

  /** A request from an address of its own (TRUST_PROXY: the last X-Forwarded-For entry is the client). */
  function from(address: string, path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    return fetch(server.url + path, { redirect: "manual", ...init, headers: { "x-forwarded-for": address, ...init.headers } });
  }
  const nextAddress = () => {
    addresses += 1;
    return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };

  async function api(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(server.url + path, {
      method,
      headers: { cookie, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function makeLink(body: Record<string, unknown>): Promise<{ id: number; url: string; token: string }> {
    const answer = await api("POST", "/api/deck-links", { startup_id: startupId, ...body });
    expect([200, 201]).toContain(answer.status);
    const { link } = (await answer.json()) as { link: { id: number; url: string } };
    return { ...link, token: link.url.split("/d/")[1]! };
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, TRUST_PROXY: "true" });
    cookie = await signIn(server.url, PASSCODE);
    const created = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Fjordly", pitch: "Ferries on time", sector: "mobility", stage: "seed" }),
    });
    expect(created.status).toBe(201);
    startupId = sqlNumber(server.databasePath, "select id from startups where name = 'Fjordly'");
    const made = await postForm(
      server,
      "/investors/new",
      { name: INVESTOR, firm: "Northbeam", kind: "fund", relationship_status: "contacted" },
      { as: { cookie } },
    );
    investorId = Number(made.headers.get("location")!.split("/").pop());
    const form = new FormData();
    form.set("deck", new Blob([new Uint8Array(deckPdf(3))], { type: "application/pdf" }), "fjordly.pdf");
    const upload = await fetch(`${server.url}/startups/${startupId}/deck`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie },
      body: form,
    });
    expect(upload.status).toBe(303);
    await vi.waitFor(() => expect(sqlValue(server.databasePath, "select status from deck_versions")).toBe("ready"), {
      timeout: 60_000,
      interval: 100,
    });
  });
  afterAll(async () => server?.stop());

  it("gives the same investor link back when asked again, and takes a strict snake_case body", async () => {
    const first = await makeLink({ investor_id: investorId });
    const again = await api("POST", "/api/deck-links", { startup_id: startupId, investor_id: investorId });
    expect(again.status).toBe(200);
    const { link } = (await again.json()) as { link: Record<string, unknown> };
    expect(link.id).toBe(first.id);
    expect(link).toMatchObject({ startup_id: startupId, investor_id: investorId, investor_name: INVESTOR, allow_download: false });
    expect(Object.keys(link).filter((key) => /[A-Z]/.test(key))).toEqual([]);
    const both = await api("POST", "/api/deck-links", { startup_id: startupId, investor_id: investorId, label: "x" });
    expect(both.status).toBe(400);
    const refused = (await both.json()) as { error: { code: string } };
    expect(refused.error.code).toBe("invalid_body");
    expect(JSON.stringify(refused)).toContain("investor_id");
    const unknownKey = await api("POST", "/api/deck-links", { startup_id: startupId, label: "x", colour: "red" });
    expect(unknownKey.status).toBe(400);
    // The camelCase keys of before are unknown keys now.
    const camel = await api("POST", "/api/deck-links", { startupId, investorId });
    expect(camel.status).toBe(400);
  });

  it("makes, shows and turns off an investor's link through the page's plain forms (no JavaScript)", async () => {
    const other = await postForm(
      server,
      "/investors/new",
      { name: "Tomas Brandvold", firm: "Kestrel", kind: "fund", relationship_status: "contacted" },
      { as: { cookie } },
    );
    const otherId = Number(other.headers.get("location")!.split("/").pop());
    const made = await postForm(
      server,
      `/investors/${otherId}/deck-link`,
      { intent: "make", startup: String(startupId) },
      { as: { cookie } },
    );
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toContain("deck_link_notice=");
    const page = await (await fetch(`${server.url}/investors/${otherId}`, { headers: { cookie } })).text();
    const url = /value="(http:\/\/[^"]+\/d\/[A-Za-z0-9_-]{43})"/.exec(page)?.[1];
    expect(url).toBeDefined();
    expect(page).toContain("Not opened yet");
    const linkId = sqlNumber(server.databasePath, "select id from deck_links where investor_id = ?", otherId);
    // Another investor's page cannot turn this link off.
    const foreign = await postForm(
      server,
      `/investors/${investorId}/deck-link`,
      { intent: "revoke", link: String(linkId) },
      { as: { cookie } },
    );
    expect(foreign.headers.get("location")).toContain("deck_link_error=");
    expect(sqlValue(server.databasePath, "select revoked_at from deck_links where id = ?", linkId)).toBeNull();
    const revoked = await postForm(
      server,
      `/investors/${otherId}/deck-link`,
      { intent: "revoke", link: String(linkId) },
      { as: { cookie } },
    );
    expect(revoked.headers.get("location")).toContain("deck_link_notice=");
    expect((await from(nextAddress(), new URL(url!).pathname)).status).toBe(410);
    // The activity says who did it, on the investor's timeline.
    expect(
      sqlNumber(
        server.databasePath,
        "select count(*) from activity where kind = 'deck' and investor_id = ? and actor_member_id is not null",
        otherId,
      ),
    ).toBe(2);
    // A label link from the startup page, with the gate: its visitor is asked for an email first.
    const label = await postForm(
      server,
      `/startups/${startupId}/deck/links`,
      { intent: "make", label: "Demo day list", email_gate: "true" },
      { as: { cookie } },
    );
    expect(label.headers.get("location")).toContain("deck_link_notice=");
    const startupPage = await (await fetch(`${server.url}/startups/${startupId}`, { headers: { cookie } })).text();
    expect(startupPage).toContain("Demo day list");
    const gated = /value="http:\/\/[^"]+\/d\/([A-Za-z0-9_-]{43})"/.exec(startupPage.slice(startupPage.indexOf("Demo day list")))![1]!;
    const address = nextAddress();
    const gate = await from(address, `/d/${gated}`, { headers: { "user-agent": LAPTOP } });
    expect(await gate.text()).toContain("Enter your email to see the deck");
    expect(
      sqlNumber(
        server.databasePath,
        "select count(*) from deck_views v join deck_links l on l.id = v.link_id where l.label = 'Demo day list'",
      ),
    ).toBe(0);
    const given = await from(address, `/d/${gated}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "email=Rhea%40Example.com",
    });
    expect(given.status).toBe(303);
    const gateCookie = given.headers.get("set-cookie")!.split(";")[0]!;
    const pages = await from(address, `/d/${gated}`, { headers: { "user-agent": LAPTOP, cookie: gateCookie } });
    expect(await pages.text()).toContain("pages/1.webp");
    expect(sqlValue(server.databasePath, "select email from deck_views order by id desc limit 1")).toBe("rhea@example.com");
  });

  it("serves the viewer noindex, uncached, with the CSP, the pages in order, and counts a person's view", async () => {
    const link = await makeLink({ investor_id: investorId });
    const page = await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": LAPTOP } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).not.toContain(INVESTOR);
    expect([...html.matchAll(/pages\/(\d+)\.webp/g)].map((m) => m[1])).toEqual(["1", "2", "3"]);
    expect(html.match(/loading="eager"/g)).toHaveLength(2);
    expect(html).toMatch(/width="1600" height="900"/);
    const image = await from(nextAddress(), `/d/${link.token}/pages/2.webp`, { headers: { range: "bytes=0-10" } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("private, max-age=600");
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(11);
    expect(Buffer.from(bytes.subarray(8, 12)).toString("latin1")).toBe("WEBP");
    // The watermarked page is not the stored one.
    const stored = sqlValue(server.databasePath, "select image from deck_pages where number = 2") as Buffer;
    expect(Buffer.compare(Buffer.from(bytes), stored)).not.toBe(0);
    // The browser that holds it asks again with its ETag: 304, no image.
    const etag = image.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const held = await from(nextAddress(), `/d/${link.token}/pages/2.webp`, { headers: { "if-none-match": etag } });
    expect(held.status).toBe(304);
    expect((await held.arrayBuffer()).byteLength).toBe(0);
    expect(sqlNumber(server.databasePath, "select count(*) from deck_views where link_id = ? and bot is null", link.id)).toBe(1);
    expect(sqlValue(server.databasePath, "select device from deck_views where link_id = ?", link.id)).toBe("desktop");
  });

  it("takes a founder's script with the x-admin-passcode as the founder: its GET and images are not a view", async () => {
    const link = await makeLink({ label: "Founder's script" });
    const page = await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": LAPTOP, "x-admin-passcode": PASSCODE } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("pages/1.webp");
    expect(html).not.toContain("data-view=");
    const image = await from(nextAddress(), `/d/${link.token}/pages/1.webp`, { headers: { "x-admin-passcode": PASSCODE } });
    expect(image.status).toBe(200);
    expect(sqlNumber(server.databasePath, "select count(*) from deck_views where link_id = ?", link.id)).toBe(0);
    // A wrong passcode is a visitor's: its view is counted.
    const wrong = await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": LAPTOP, "x-admin-passcode": "not-it" } });
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain("data-view=");
    expect(sqlNumber(server.databasePath, "select count(*) from deck_views where link_id = ? and bot is null", link.id)).toBe(1);
  });

  it("stores a preview bot's GET as a bot, never a read, and a phone from elsewhere as possibly forwarded", async () => {
    const link = await makeLink({ label: "Bots and phones" });
    const first = await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": LAPTOP } });
    expect(first.status).toBe(200);
    const slack = await from(nextAddress(), `/d/${link.token}`, {
      headers: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
    });
    expect(slack.status).toBe(200);
    expect(await slack.text()).not.toContain("data-view=");
    await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": PHONE } });
    const views = (await (await api("GET", `/api/deck-links/${link.id}/views`)).json()) as {
      views: Array<{ bot: string | null; forwarded: boolean; device: string; started_at: string; pages_seen: number }>;
    };
    expect(views.views.every((view) => typeof view.started_at === "string" && typeof view.pages_seen === "number")).toBe(true);
    expect(views.views.map((view) => [view.device, view.bot, view.forwarded])).toEqual([
      ["phone", null, true],
      ["unknown", "Slack preview", false],
      ["desktop", null, false],
    ]);
    const listed = (await (await api("GET", `/api/startups/${startupId}/deck/links`)).json()) as {
      links: Array<{ id: number; views: number; bot_views: number; forwarded_views: number }>;
    };
    expect(listed.links.find((row) => row.id === link.id)).toMatchObject({ views: 2, bot_views: 1, forwarded_views: 1 });
  });

  it("takes time per page only with the view's key, bounded", async () => {
    const link = await makeLink({ label: "Reports" });
    const html = await (await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": LAPTOP } })).text();
    const view = Number(/data-view="(\d+)"/.exec(html)![1]);
    const key = /data-key="([^"]+)"/.exec(html)![1]!;
    const report = (body: unknown) =>
      from(nextAddress(), `/d/${link.token}/view`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8", origin: server.url },
        body: JSON.stringify(body),
      });
    expect((await report({ view, key: "x".repeat(32), pages: [{ page: 1, seconds: 30 }] })).status).toBe(403);
    expect((await report({ view, key, pages: [{ page: 1, seconds: 3600 }] })).status).toBe(400);
    expect((await report({ view, key, pages: [{ page: 1, seconds: 30 }], extra: 1 })).status).toBe(400);
    const good = await report({
      view,
      key,
      pages: [
        { page: 1, seconds: 30 },
        { page: 2, seconds: 45 },
        { page: 9, seconds: 10 },
      ],
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ added: 75 });
    // The key of one view adds nothing to another link's.
    const other = await makeLink({ label: "Other" });
    expect(
      (await from(nextAddress(), `/d/${other.token}/view`, { method: "POST", body: JSON.stringify({ view, key, pages: [] }) })).status,
    ).toBe(403);
    expect(sqlNumber(server.databasePath, "select seconds from deck_views where id = ?", view)).toBe(75);
  });

  it("makes a person's read through the link Today's follow-up at once, with the read in its reason; a preview bot's visit does not", async () => {
    const made = await postForm(
      server,
      "/investors/new",
      { name: "Oda Lindqvist", firm: "Skerry Ventures", kind: "fund", relationship_status: "contacted" },
      { as: { cookie } },
    );
    const readerId = Number(made.headers.get("location")!.split("/").pop());
    const link = await makeLink({ investor_id: readerId });
    const today = async () => (await (await fetch(`${server.url}/`, { headers: { cookie } })).text()).replaceAll("&#x27;", "'");
    await from(nextAddress(), `/d/${link.token}`, {
      headers: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
    });
    expect(await today()).not.toContain("Oda Lindqvist at Skerry Ventures read your deck");
    const address = nextAddress();
    const html = await (await from(address, `/d/${link.token}`, { headers: { "user-agent": LAPTOP } })).text();
    const view = Number(/data-view="(\d+)"/.exec(html)![1]);
    const key = /data-key="([^"]+)"/.exec(html)![1]!;
    // Opened is not read: the follow-up waits for the viewer's report.
    expect(await today()).not.toContain("Oda Lindqvist at Skerry Ventures read your deck");
    const report = await from(address, `/d/${link.token}/view`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", origin: server.url },
      body: JSON.stringify({ view, key, pages: [{ page: 2, seconds: 50 }] }),
    });
    expect(await report.json()).toEqual({ added: 50 });
    expect(await today()).toContain("Oda Lindqvist at Skerry Ventures read your deck today");
  });

  it("gives the deck's PDF through a link only once the founder allows it, whole and named", async () => {
    const link = await makeLink({ label: "Download" });
    const refused = await from(nextAddress(), `/d/${link.token}/download`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Ask the person who sent the link");
    expect((await api("PATCH", `/api/deck-links/${link.id}`, { allow_download: true })).status).toBe(200);
    const file = await from(nextAddress(), `/d/${link.token}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="fjordly\.pdf"/);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), Buffer.from(deckPdf(3)))).toBe(0);
  });

  it("says an expired and a revoked link do not work, without the investor's or startup's name", async () => {
    const revoked = await makeLink({ investor_id: investorId });
    const turnedOff = await api("PATCH", `/api/deck-links/${revoked.id}`, { revoke: true, allow_download: true });
    expect(turnedOff.status).toBe(200);
    const changed = ((await turnedOff.json()) as { link: { state: string; revoked_at: string | null; allow_download: boolean } }).link;
    expect(changed).toMatchObject({ state: "revoked", allow_download: true });
    expect(changed.revoked_at).not.toBeNull();
    const gone = await from(nextAddress(), `/d/${revoked.token}`);
    expect(gone.status).toBe(410);
    const goneText = await gone.text();
    expect(goneText).toContain("does not work");
    expect(goneText).toContain("Ask the person who sent it");
    for (const name of [INVESTOR, "Fjordly", "Northbeam"]) expect(goneText).not.toContain(name);
    // An unknown token's page reads the same (its status is 404).
    const unknown = await from(nextAddress(), `/d/${randomBytes(32).toString("base64url")}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(goneText);

    const expiring = await makeLink({ label: "Expiring", expires_at: new Date(Date.now() + 60_000).toISOString() });
    const past = await api("PATCH", `/api/deck-links/${expiring.id}`, { expires_at: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    // Expired in the database (the API refuses a past date): the page says so.
    writeSql(server.databasePath, "update deck_links set expires_at = '2020-01-01T00:00:00.000Z' where id = ?", expiring.id);
    const expired = await from(nextAddress(), `/d/${expiring.token}`);
    expect(expired.status).toBe(410);
    const expiredText = await expired.text();
    expect(expiredText).toContain("has expired");
    expect(expiredText).not.toContain("Fjordly");
    expect((await from(nextAddress(), `/d/${expiring.token}/pages/1.webp`)).status).toBe(410);
  });

  it("serves 50 viewers at once beside the founder: page images queued, none refused, the founder's GET / answered", async () => {
    const link = await makeLink({ label: "Fifty viewers" });
    const html = await (await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": LAPTOP } })).text();
    console.info(`the viewer's HTML: ${Buffer.byteLength(html)} bytes for 3 pages`);
    const cold: number[] = [];
    for (const n of [1, 2, 3]) {
      const at = performance.now();
      expect((await from(nextAddress(), `/d/${link.token}/pages/${n}.webp`)).status).toBe(200);
      cold.push(Math.round(performance.now() - at));
    }
    const timed = async (send: () => Promise<Response>) => {
      const at = performance.now();
      const answer = await send();
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - at };
    };
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push((await timed(() => fetch(`${server.url}/`, { headers: { cookie } }))).ms);
    // The viewers are another process (as they are other machines), so this process's clock
    // measures the founder's answers, not its own event loop busy with 150 downloads.
    const crowd = spawn(process.execPath, ["--input-type=module", "-e", VIEWERS_SCRIPT, server.url, link.token], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let crowdOutput = "";
    crowd.stdout.on("data", (chunk: Buffer) => (crowdOutput += chunk.toString()));
    const crowdDone = new Promise<void>((resolve) => crowd.once("exit", () => resolve()));
    // The founder, one page after another as a person clicks, once the crowd has started.
    await vi.waitFor(() => expect(crowdOutput).toContain("started"), { timeout: 20_000, interval: 5 });
    const founderAnswers: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < 5; i++) founderAnswers.push(await timed(() => fetch(`${server.url}/`, { headers: { cookie } })));
    await crowdDone;
    const images = JSON.parse(crowdOutput.slice(crowdOutput.indexOf("\n") + 1)) as Array<{ status: number; ms: number }>;
    const p95 = (values: number[]) => Math.round(values.sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!);
    console.info(
      `watermarked pages cold: ${cold.join(", ")} ms; 150 images for 50 viewers at once: p95 ${p95(images.map((i) => i.ms))} ms; the founder's GET / meanwhile: p95 ${p95(founderAnswers.map((f) => f.ms))} ms (alone before: p95 ${p95(alone)} ms)`,
    );
    expect(images.filter((image) => image.status !== 200)).toEqual([]);
    expect(images).toHaveLength(150);
    expect(founderAnswers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it("stops 2,000 guessed tokens from a thousand addresses at the ceiling, while the founder's pages answer", async () => {
    const link = await makeLink({ label: "Guessed" });
    // A reader who opened the link before the flood keeps reading (its `seen` cookie).
    const before = await from(nextAddress(), `/d/${link.token}`, { headers: { "user-agent": LAPTOP } });
    const seen = (before.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(seen).toMatch(/^ipi_deck_seen=/);
    const statuses = new Map<number, number>();
    let retryAfter = 0;
    const started = performance.now();
    for (let batch = 0; batch < 40; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => from(`198.18.${batch}.${i + 1}`, `/d/${randomBytes(32).toString("base64url")}`)),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 429) retryAfter = Number(answer.headers.get("retry-after"));
        await answer.arrayBuffer();
      }
    }
    const guessMs = performance.now() - started;
    console.info(`2,000 guessed tokens in ${Math.round(guessMs)} ms: ${JSON.stringify(Object.fromEntries(statuses))}`);
    // Looked up until the ceiling (less the one unknown token an earlier test tried), then refused unchecked.
    const looked = statuses.get(404) ?? 0;
    expect(looked).toBeLessThanOrEqual(DECK_LINK_LIMITS.ceilingPerMinute);
    expect(looked).toBeGreaterThan(DECK_LINK_LIMITS.ceilingPerMinute - 5);
    expect(statuses.get(429)).toBe(2000 - looked);
    expect(retryAfter).toBeGreaterThan(0);
    // The founder: the dashboard and health at once.
    const founderStarted = performance.now();
    expect((await fetch(`${server.url}/`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    console.info(`the founder's GET / and /api/health after the flood: ${Math.round(performance.now() - founderStarted)} ms`);
    // A new visitor waits; the one who opened the link before reads on; the founder opens it.
    expect((await from(nextAddress(), `/d/${link.token}`)).status).toBe(429);
    expect((await from(nextAddress(), `/d/${link.token}`, { headers: { cookie: seen } })).status).toBe(200);
    expect((await fetch(`${server.url}/d/${link.token}`, { headers: { cookie } })).status).toBe(200);
    // So does the founder's script, with the passcode and no session (decision 056's founder).
    expect((await from(nextAddress(), `/d/${link.token}`, { headers: { "x-admin-passcode": PASSCODE } })).status).toBe(200);
    // A malformed token is refused without a lookup (and counts too: 429 now).
    expect((await from(nextAddress(), "/d/not-a-token")).status).toBe(429);
  });
});
