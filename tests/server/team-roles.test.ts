import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "#tests/helpers/session.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { postForm } from "#tests/helpers/http.ts";
import { sqlNumber, sqlValue } from "#tests/helpers/sql.ts";

/*
 * Signing in as yourself and the owner's powers (decision 060), on the built server: an
 * invitation works once and for 7 days; a member's passphrase signs them in, a disabled member's
 * session and passphrase are refused at once; a member (not the owner) is answered 403 when they
 * try to invite or disable, and is not shown the forms.
 */

const PASSCODE = "team-roles-passcode-4417";
// Every request comes from an address of its own (TRUST_PROXY): wrong guesses on purpose here
// must not slow the next test's right ones.
let from = 0;
const address = () => ({ "x-forwarded-for": `203.0.113.${(from++ % 250) + 1}` });

describe("the team's roles (built server)", () => {
  let server: RunningServer;
  let owner: string;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, TRUST_PROXY: "true" });
    owner = await signIn(server.url, PASSCODE);
  });

  afterAll(async () => {
    await server?.stop();
  });

  function get(path: string, cookie?: string): Promise<Response> {
    return fetch(server.url + path, { redirect: "manual", headers: { ...address(), ...(cookie ? { cookie } : {}) } });
  }

  function post(path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
    return postForm(server, path, fields, { as: cookie ? { cookie } : {}, headers: address() });
  }

  /** The owner makes an invitation; the link's path read off the page the post answers. */
  async function invite(name: string): Promise<string> {
    const response = await post("/settings/team", { intent: "invite", name }, owner);
    expect(response.status).toBe(200);
    const html = await response.text();
    const link = html.match(/value="(http:\/\/[^"]+\/join\/([A-Za-z0-9_-]{43}))"/);
    expect(link, "the page shows the link once").toBeTruthy();
    return new URL(link![1]!).pathname;
  }

  async function join(path: string, name: string, passphrase: string): Promise<Response> {
    return post(path, { name, passphrase });
  }

  function cookieOf(response: Response): string {
    const session = response.headers.getSetCookie().find((cookie) => /ipi_session=/.test(cookie));
    expect(session).toBeTruthy();
    return session!.split(";")[0]!;
  }

  it("stores only the invitation token's hash, and never shows the link again", async () => {
    const path = await invite("Hashed Hanna");
    const token = path.split("/").pop()!;
    expect(sqlNumber(server.databasePath, "select count(*) from invites where token_hash = ?", token)).toBe(0);
    expect(sqlNumber(server.databasePath, "select count(*) from invites where name = 'Hashed Hanna' and used_at is null")).toBe(1);
    const settings = await (await get("/settings", owner)).text();
    expect(settings).toContain("Hashed Hanna");
    expect(settings).not.toContain(token);
  });

  it("lets an invitation be used once: the invitee joins with a passphrase, is signed in, and a second use is refused", async () => {
    const path = await invite("Jonas Roles");
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('value="Jonas Roles"');

    const joined = await join(path, "Jonas Roles", "fjord climate is due");
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/");
    const jonas = cookieOf(joined);
    const today = await get("/", jonas);
    expect(today.status).toBe(200);
    expect(sqlValue(server.databasePath, "select role from members where name = 'Jonas Roles'")).toBe("member");
    expect(String(sqlValue(server.databasePath, "select passphrase_hash from members where name = 'Jonas Roles'"))).toMatch(
      /^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/,
    );

    const again = await get(path);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("already been used");
    const second = await join(path, "Someone Else", "another good passphrase");
    expect(second.status).toBe(410);
    expect(second.headers.getSetCookie().some((cookie) => /ipi_session=/.test(cookie))).toBe(false);
    expect(sqlNumber(server.databasePath, "select count(*) from members where name = 'Someone Else'")).toBe(0);
  });

  it("refuses an expired invitation, and a link that names none, saying only that", async () => {
    const path = await invite("Late Lena");
    const token = path.split("/").pop()!;
    // Seven days on: the row's expiry put in the past from outside, as time would.
    const db = new Database(server.databasePath);
    db.prepare("update invites set expires_at = ? where name = 'Late Lena'").run("2000-01-01T00:00:00.000Z");
    db.close();
    const page = await get(path);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain("has expired");
    expect(html).not.toContain("Late Lena");
    expect((await join(path, "Late Lena", "too late for this one")).status).toBe(410);
    expect(sqlNumber(server.databasePath, "select count(*) from members where name = 'Late Lena'")).toBe(0);

    const unknown = await get(`/join/${token.slice(0, -4)}AAAA`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("not valid");
  });

  it("refuses a passphrase shorter than 12 characters, and makes no member", async () => {
    const path = await invite("Short Sam");
    const response = await join(path, "Short Sam", "tooshort");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("at least 12");
    expect(sqlNumber(server.databasePath, "select count(*) from members where name = 'Short Sam'")).toBe(0);
    expect(sqlValue(server.databasePath, "select used_at from invites where name = 'Short Sam'")).toBeNull();
  });

  it("asks for another name when a live member already has it, and keeps the invitation", async () => {
    const path = await invite("Twin");
    const first = await join(await invite("Twin"), "Twin Original", "the first of two");
    expect(first.status).toBe(302);
    const response = await join(path, "twin original", "a second one alike");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("already has that name");
    const tokenHash = createHash("sha256").update(path.split("/").pop()!).digest("base64url");
    expect(sqlValue(server.databasePath, "select used_at from invites where token_hash = ?", tokenHash)).toBeNull();
    expect((await join(path, "Twin Second", "a second one alike")).status).toBe(302);
  });

  it("signs a member in with their name or email and passphrase; a wrong one is refused alike", async () => {
    await join(await invite("Pia Pass"), "Pia Pass", "pia's own passphrase");
    const right = await post("/login", { intent: "passphrase", login: "pia pass", passphrase: "pia's own passphrase" });
    expect(right.status).toBe(302);
    const who = cookieOf(right);
    expect((await get("/settings", who)).status).toBe(200);

    for (const [login, passphrase] of [
      ["Pia Pass", "not pia's passphrase"],
      ["Nobody Here", "pia's own passphrase"],
    ] as const) {
      const wrong = await post("/login", { intent: "passphrase", login, passphrase });
      expect(wrong.status, login).toBe(401);
      expect(await wrong.text()).toContain("do not match a member of this team");
      expect(wrong.headers.getSetCookie().some((cookie) => /ipi_session=/.test(cookie))).toBe(false);
    }
  });

  it("counts wrong passphrases in the passcode's guess budget: past it, the passcode form waits too", async () => {
    const guesser = { "x-forwarded-for": "198.18.7.7" };
    // Ten free wrong guesses, and the eleventh makes the address wait (as guess-limits.test.ts counts).
    for (let guess = 0; guess < 11; guess++) {
      const wrong = await postForm(
        server,
        "/login",
        { intent: "passphrase", login: "Pia Pass", passphrase: `guess number ${guess}` },
        { headers: guesser },
      );
      expect(wrong.status).toBe(401);
    }
    const held = await postForm(server, "/login", { passcode: PASSCODE }, { headers: guesser });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    const heldToo = await postForm(
      server,
      "/login",
      { intent: "passphrase", login: "Pia Pass", passphrase: "pia's own passphrase" },
      { headers: guesser },
    );
    expect(heldToo.status).toBe(429);
    expect(await heldToo.text()).toContain("Too many wrong tries");
  });

  it("answers a member's invite and disable 403, and shows them no such forms", async () => {
    const member = cookieOf(await join(await invite("Mo Member"), "Mo Member", "mo is only a member"));
    const settings = await (await get("/settings", member)).text();
    expect(settings).toContain("Mo Member");
    expect(settings).not.toContain("Make an invitation link");
    expect(settings).not.toMatch(/>Disable</);

    const before = sqlNumber(server.databasePath, "select count(*) from invites");
    expect((await post("/settings/team", { intent: "invite", name: "Sneaky" }, member)).status).toBe(403);
    expect(sqlNumber(server.databasePath, "select count(*) from invites")).toBe(before);

    const ownerId = sqlNumber(server.databasePath, "select id from members where role = 'owner' and is_demo = 0");
    const pia = sqlNumber(server.databasePath, "select id from members where name = 'Pia Pass'");
    for (const id of [ownerId, pia]) {
      expect((await post("/settings/team", { intent: "disable", member_id: String(id), confirm: "yes" }, member)).status).toBe(403);
    }
    expect(
      sqlNumber(server.databasePath, "select count(*) from members where disabled_at is not null and id in (?, ?)", ownerId, pia),
    ).toBe(0);
  });

  it("ends a disabled member's sessions at once, revokes their tokens, refuses their passphrase, and keeps their history", async () => {
    const dana = cookieOf(await join(await invite("Dana Disabled"), "Dana Disabled", "dana will be disabled"));
    const second = cookieOf(await post("/login", { intent: "passphrase", login: "Dana Disabled", passphrase: "dana will be disabled" }));
    expect((await get("/", dana)).status).toBe(200);
    const id = sqlNumber(server.databasePath, "select id from members where name = 'Dana Disabled'");
    // A personal token of hers (made by the tokens' own forms elsewhere; here the row is enough).
    const db = new Database(server.databasePath);
    db.prepare("insert into member_tokens (token_hash, member_id, name) values ('dana-token-hash', ?, 'script')").run(id);
    db.close();

    // Not without the box ticked: one click does not sign a co-founder out everywhere.
    expect((await post("/settings/team", { intent: "disable", member_id: String(id) }, owner)).status).toBe(400);
    expect((await get("/", dana)).status).toBe(200);
    const disabled = await post("/settings/team", { intent: "disable", member_id: String(id), confirm: "yes" }, owner);
    expect(disabled.status).toBe(303);
    expect(await (await get(disabled.headers.get("location")!, owner)).text()).toContain("Dana Disabled is disabled");

    for (const cookie of [dana, second]) {
      const refused = await get("/", cookie);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toBe("/login");
    }
    expect(sqlNumber(server.databasePath, "select count(*) from sessions where member_id = ?", id)).toBe(0);
    expect(sqlValue(server.databasePath, "select revoked_at from member_tokens where member_id = ?", id)).not.toBeNull();
    const again = await post("/login", { intent: "passphrase", login: "Dana Disabled", passphrase: "dana will be disabled" });
    expect(again.status).toBe(401);
    // Her row and what she did stay under her name.
    expect(sqlValue(server.databasePath, "select name from members where id = ?", id)).toBe("Dana Disabled");
    expect(sqlNumber(server.databasePath, "select count(*) from activity where actor_member_id = ? and kind = 'member'", id)).toBe(1);
    expect(
      sqlNumber(
        server.databasePath,
        "select count(*) from activity where kind = 'member' and subject = 'Dana Disabled' and detail like '%disabled%'",
      ),
    ).toBe(1);
  });

  it("enables a disabled member again: their passphrase signs in, old tokens stay revoked, and not while a live member has their name", async () => {
    cookieOf(await join(await invite("Erin Again"), "Erin Again", "erin comes back later"));
    const id = sqlNumber(server.databasePath, "select id from members where name = 'Erin Again'");
    const db = new Database(server.databasePath);
    db.prepare("insert into member_tokens (token_hash, member_id, name) values ('erin-token-hash', ?, 'script')").run(id);
    db.close();
    expect((await post("/settings/team", { intent: "disable", member_id: String(id), confirm: "yes" }, owner)).status).toBe(303);
    expect(await (await get("/settings/team", owner)).text()).toContain("Enable Erin Again again");

    // Someone else took the name meanwhile: enabling her would make two alike.
    cookieOf(await join(await invite("Erin Again"), "Erin Again", "another erin joins"));
    const clash = await post("/settings/team", { intent: "enable", member_id: String(id) }, owner);
    expect(clash.status).toBe(409);
    expect(await clash.text()).toContain("Someone on the team now has that name");
    expect(sqlValue(server.databasePath, "select disabled_at from members where id = ?", id)).not.toBeNull();
    const other = sqlNumber(server.databasePath, "select id from members where name = 'Erin Again' and id <> ?", id);
    const rename = new Database(server.databasePath);
    rename.prepare("update members set name = 'Erin Other' where id = ?").run(other);
    rename.close();

    const enabled = await post("/settings/team", { intent: "enable", member_id: String(id) }, owner);
    expect(enabled.status).toBe(303);
    expect(await (await get(enabled.headers.get("location")!, owner)).text()).toContain("Erin Again is enabled again");
    expect(sqlValue(server.databasePath, "select disabled_at from members where id = ?", id)).toBeNull();
    const back = await post("/login", { intent: "passphrase", login: "Erin Again", passphrase: "erin comes back later" });
    expect(back.status).toBe(302);
    expect((await get("/", cookieOf(back))).status).toBe(200);
    expect(sqlValue(server.databasePath, "select revoked_at from member_tokens where member_id = ?", id)).not.toBeNull();
    expect(
      sqlNumber(
        server.databasePath,
        "select count(*) from activity where kind = 'member' and subject = 'Erin Again' and detail like '%enabled%'",
      ),
    ).toBe(1);
  });

  it("answers a member who tries to enable someone 403", async () => {
    const member = cookieOf(await join(await invite("Mona Enabler"), "Mona Enabler", "mona is only a member"));
    const ownerId = sqlNumber(server.databasePath, "select id from members where role = 'owner' and is_demo = 0");
    expect((await post("/settings/team", { intent: "enable", member_id: String(ownerId) }, member)).status).toBe(403);
  });

  it("will not disable the owner, whose passcode is the installation's recovery", async () => {
    const ownerId = sqlNumber(server.databasePath, "select id from members where role = 'owner' and is_demo = 0");
    const response = await post("/settings/team", { intent: "disable", member_id: String(ownerId), confirm: "yes" }, owner);
    expect(response.status).toBe(409);
    expect((await get("/", owner)).status).toBe(200);
  });
});
