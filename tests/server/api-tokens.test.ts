import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "#tests/helpers/http.ts";
import { addMember, nameOwner, signInAsMember } from "#tests/helpers/members.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { sqlNumber, sqlValue } from "#tests/helpers/sql.ts";

const PASSCODE = "api-tokens-test-passcode";

/** Personal API tokens (decision 063): made and revoked on /settings, each member's own, accepted as a bearer. */
describe("personal API tokens", () => {
  let server: RunningServer;
  let maren: string;
  let jonas: string;
  let jonasId: number;
  let investorId: number;

  async function makeToken(cookie: string, name: string): Promise<string> {
    const response = await postForm(server, "/settings", { intent: "token_create", token_name: name }, { as: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const token = /value="(ipi_[A-Za-z0-9_-]{43})"/.exec(await response.text())?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  function tokenId(name: string): number {
    return sqlNumber(server.databasePath, "select id from member_tokens where name = ?", name);
  }

  function patch(headers: Record<string, string>, body: unknown = { personal_notes: "by token" }) {
    return fetch(`${server.url}/api/investors/${investorId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  async function settingsPage(cookie: string): Promise<string> {
    return (await fetch(`${server.url}/settings`, { headers: { cookie } })).text();
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    maren = await signIn(server.url, PASSCODE);
    nameOwner(server.databasePath, "Maren");
    jonasId = addMember(server.databasePath, "Jonas");
    jonas = await signInAsMember(server, PASSCODE, jonasId);
    const created = await postForm(server, "/investors/new", { name: "Token Test Capital" }, { as: { cookie: maren } });
    investorId = Number((created.headers.get("location") ?? "").split("/").pop());
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("shows a new token once, stores only its SHA-256, and the token acts as its member on the JSON API", async () => {
    const token = await makeToken(jonas, "Jonas's sync script");
    expect(sqlNumber(server.databasePath, "select count(*) from member_tokens where token_hash = ?", token)).toBe(0);
    const hash = createHash("sha256").update(token).digest("base64url");
    expect(sqlNumber(server.databasePath, "select member_id from member_tokens where token_hash = ?", hash)).toBe(jonasId);
    // Listed with its name, never shown again.
    const page = await settingsPage(jonas);
    expect(page).toContain("Jonas&#x27;s sync script");
    expect(page).not.toContain(token);

    const edited = await patch({ authorization: `Bearer ${token}` });
    expect(edited.status).toBe(200);
    expect(
      sqlValue(server.databasePath, "select actor_member_id from activity where investor_id = ? order by id desc limit 1", investorId),
    ).toBe(jonasId);
    expect((await fetch(`${server.url}/api/search-feed`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(sqlValue(server.databasePath, "select last_used_at from member_tokens where token_hash = ?", hash)).not.toBeNull();

    // A token is for the JSON API: it opens no page, so it cannot make another token (a leaked one
    // would otherwise outlive its revoking).
    const before = sqlNumber(server.databasePath, "select count(*) from member_tokens");
    const made = await fetch(`${server.url}/settings`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "token_create", token_name: "laptop" }),
      redirect: "manual",
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toMatch(/^\/login/);
    expect(sqlNumber(server.databasePath, "select count(*) from member_tokens")).toBe(before);
  });

  it("lists only the member's own tokens; another's cannot be revoked (404) and keeps working", async () => {
    const token = await makeToken(maren, "Maren's export");
    expect(await settingsPage(jonas)).not.toContain("Maren&#x27;s export");
    expect(await settingsPage(maren)).not.toContain("Jonas&#x27;s sync script");
    const refused = await postForm(
      server,
      "/settings",
      { intent: "token_revoke", token_id: String(tokenId("Maren's export")) },
      { as: { cookie: jonas } },
    );
    expect(refused.status).toBe(404);
    expect((await patch({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it("a revoked token answers 401 at once", async () => {
    const token = await makeToken(maren, "Short-lived");
    expect((await patch({ authorization: `Bearer ${token}` })).status).toBe(200);
    const revoked = await postForm(
      server,
      "/settings",
      { intent: "token_revoke", token_id: String(tokenId("Short-lived")) },
      { as: { cookie: maren } },
    );
    expect(revoked.status).toBe(303);
    expect(await settingsPage(maren)).not.toContain("Short-lived");
    const after = await patch({ authorization: `Bearer ${token}` });
    expect(after.status).toBe(401);
    expect((await after.json()).error.code).toBe("unauthorized");
    expect((await fetch(`${server.url}/api/search-feed`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it("a disabled member's token answers 401", async () => {
    const idaId = addMember(server.databasePath, "Ida");
    const token = await makeToken(await signInAsMember(server, PASSCODE, idaId), "Ida's script");
    expect((await patch({ authorization: `Bearer ${token}` })).status).toBe(200);
    const db = new Database(server.databasePath);
    db.prepare("update members set disabled_at = ? where id = ?").run(new Date().toISOString(), idaId);
    db.close();
    expect((await patch({ authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it("refuses a token without a name and keeps the x-admin-passcode the owner's", async () => {
    const nameless = await postForm(server, "/settings", { intent: "token_create", token_name: "  " }, { as: { cookie: jonas } });
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain("Give the token a name");
    expect((await patch({ "x-admin-passcode": PASSCODE }, { personal_notes: "by passcode" })).status).toBe(200);
    const owner = sqlNumber(server.databasePath, "select id from members where role = 'owner' and is_demo = 0");
    expect(
      sqlValue(server.databasePath, "select actor_member_id from activity where investor_id = ? order by id desc limit 1", investorId),
    ).toBe(owner);
  });

  it("slows a client guessing tokens: past the free wrong guesses (10, some spent above), 429 before anything is checked", async () => {
    const good = await makeToken(maren, "Checked after the wait");
    const statuses: number[] = [];
    while (statuses.length < 12 && statuses.at(-1) !== 429) {
      statuses.push((await patch({ authorization: `Bearer ipi_${"x".repeat(42)}${statuses.length % 10}` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
    // Held back unchecked: even a right token waits, so a refusal says nothing about the guess.
    const held = await patch({ authorization: `Bearer ${good}` });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
