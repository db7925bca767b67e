import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gsm7Length, isGsm7, toGsm7 } from "#app/domain/digest.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/index.ts";
import { importCsv } from "#tests/helpers/http.ts";

const CRON = "digest-cron-0123456789abcdef0123";
const PASSCODE = "digest-passcode";
const SID = `AC${"0".repeat(32)}`;

function databaseChecksum(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const hash = createHash("sha256");
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
    for (const table of tables) hash.update(table + JSON.stringify(db.prepare(`select * from "${table}" order by rowid`).all()));
    return hash.digest("hex");
  } finally {
    db.close();
  }
}

/** A server that sends through the fake Twilio, with the team's digest to `digestTo`. */
function twilioEnv(twilio: FakeTwilio, digestTo: string) {
  return {
    ADMIN_PASSCODE: PASSCODE,
    CRON_SECRET: CRON,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: "twilio-token-fake",
    TWILIO_FROM: "+15550000001",
    DIGEST_TO: digestTo,
    TWILIO_BASE_URL: twilio.url,
  };
}

async function importList(server: RunningServer, csv: string) {
  expect((await importCsv(server, csv, { as: { passcode: PASSCODE } })).status).toBe(303);
}

describe("route #3, the daily digest", () => {
  let twilio: FakeTwilio;
  let server: RunningServer;
  let unconfigured: RunningServer;

  beforeAll(async () => {
    twilio = await startFakeTwilio({ accountSid: SID, authToken: "twilio-token-fake" });
    server = await startBuiltServer(twilioEnv(twilio, "+15550000002"));
    unconfigured = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
    const rows = [
      "name,firm,relationship_status,last_contact_date",
      "Zoë Ångström 🚀,Nordlys Capital,in_conversation,2026-10-01",
      "Łukasz Żółć,Wisła Ventures,passed,",
    ];
    for (let i = 0; i < 40; i++)
      rows.push(
        `Investor ${"Ñ".repeat(i % 5)}${i} with a very long name indeed,Firm ${i},contacted,2026-10-${String((i % 28) + 1).padStart(2, "0")}`,
      );
    await importList(server, rows.join("\n"));
    await importList(unconfigured, rows.slice(0, 3).join("\n"));
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), unconfigured?.stop()]);
    await twilio?.close();
  });

  it("sends exactly one GSM-7 message of at most 320 characters, and writes nothing", async () => {
    const before = databaseChecksum(server.databasePath);
    const response = await fetch(`${server.url}/api/cron/digest`, { headers: { authorization: `Bearer ${CRON}` } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.sent).toBe(true);
    expect(body.channel).toBe("sms");
    expect(twilio.messages).toHaveLength(1);
    expect(twilio.messages[0]).toEqual({ to: "+15550000002", from: "+15550000001", body: body.message });
    expect(isGsm7(body.message)).toBe(true);
    expect(gsm7Length(body.message)).toBeLessThanOrEqual(320);
    expect(body.message).toMatch(/Follow-ups due: 41/);
    expect(databaseChecksum(server.databasePath)).toBe(before);
  });

  it("never names a demo investor", async () => {
    const demo = await (await fetch(`${unconfigured.url}/api/search-feed?demo=1`)).json();
    // The demo has investors to email first: had its rows leaked in, the digest would name them.
    expect(demo.items.some((item: { action: string }) => item.action === "email_first")).toBe(true);
    const body = await (await fetch(`${unconfigured.url}/api/cron/digest`, { headers: { authorization: `Bearer ${CRON}` } })).json();
    expect(body.message).toContain("Email first: nobody");
    // Surnames the real pipeline also has ("Żółć") would be named for the real investor.
    const real = (await (await fetch(`${unconfigured.url}/api/search-feed`, { headers: { "x-admin-passcode": PASSCODE } })).json()) as {
      items: Array<{ name: string }>;
    };
    const realSurnames = new Set(real.items.map((item) => toGsm7(item.name.split(" ").pop()!)));
    expect(realSurnames.size).toBeGreaterThan(0);
    for (const item of demo.items as Array<{ name: string }>) {
      const surname = toGsm7(item.name.split(" ").pop()!);
      if (surname.length > 3 && !realSurnames.has(surname)) expect(body.message).not.toContain(surname);
    }
  });

  it("returns the text with sent: false when Twilio is not configured", async () => {
    const before = databaseChecksum(unconfigured.databasePath);
    const body = await (await fetch(`${unconfigured.url}/api/cron/digest`, { headers: { authorization: `Bearer ${CRON}` } })).json();
    expect(body.sent).toBe(false);
    expect(body.reason).toMatch(/TWILIO_ACCOUNT_SID/);
    expect(body.message).toMatch(/^Pipeline \d{1,2} \w{3}: /);
    expect(body.message).toContain("Follow-ups due: 1");
    expect(databaseChecksum(unconfigured.databasePath)).toBe(before);
  });

  it("needs the cron bearer, and never leaks the Twilio token", async () => {
    expect((await fetch(`${server.url}/api/cron/digest`)).status).toBe(401);
    twilio.respond(() => ({ status: 401, json: { code: 20003, message: "Authenticate", more_info: "", status: 401 } }));
    const body = await (await fetch(`${server.url}/api/cron/digest`, { headers: { authorization: `Bearer ${CRON}` } })).json();
    expect(body.sent).toBe(false);
    expect(JSON.stringify(body)).not.toContain("twilio-token-fake");
    expect(server.output()).not.toContain("twilio-token-fake");
    twilio.reset();
  });
});

describe("route #3 with a team: each member with a phone gets their own digest, their follow-ups first", () => {
  let twilio: FakeTwilio;
  let server: RunningServer;
  const MAREN = "+4791234567";
  const JONAS = "+4798765432";

  beforeAll(async () => {
    twilio = await startFakeTwilio({ accountSid: SID, authToken: "twilio-token-fake" });
    // Maren's own number: she gets her digest there, never the team's as well.
    server = await startBuiltServer(twilioEnv(twilio, MAREN));
    const rows = ["name,firm,relationship_status,last_contact_date"];
    for (let i = 0; i < 12; i++) rows.push(`Follow Up ${i},Firm ${i},contacted,2026-10-${String(i + 1).padStart(2, "0")}`);
    await importList(server, rows.join("\n"));
    const db = new Database(server.databasePath);
    try {
      const add = db.prepare("insert into members (name, role, phone, created_at) values (?, ?, ?, ?) returning id").pluck();
      const maren = add.get("Maren Olsen", "owner", MAREN, new Date().toISOString()) as number;
      const jonas = add.get("Jonas Berg", "member", JONAS, new Date().toISOString()) as number;
      add.get("Lena Quiet", "member", null, new Date().toISOString());
      // Maren owns the first two, Jonas the next nine, nobody the last.
      db.prepare("update investors set owner_member_id = ? where name in ('Follow Up 0', 'Follow Up 1')").run(maren);
      db.prepare(
        "update investors set owner_member_id = ? where name like 'Follow Up %' and owner_member_id is null and name != 'Follow Up 11'",
      ).run(jonas);
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    await server?.stop();
    await twilio?.close();
  });

  it("sends Maren and Jonas theirs, each within two segments, and says so by name, never by number", async () => {
    const body = await (await fetch(`${server.url}/api/cron/digest`, { headers: { authorization: `Bearer ${CRON}` } })).json();
    expect(body.members).toEqual([
      { member: "Maren Olsen", sent: true },
      { member: "Jonas Berg", sent: true },
    ]);
    expect(JSON.stringify(body)).not.toContain(JONAS);
    // DIGEST_TO is Maren's phone: the team's digest is not sent as well.
    expect(body.sent).toBe(false);
    expect(twilio.messages.map((message) => message.to)).toEqual([MAREN, JONAS]);
    const [maren, jonas] = twilio.messages.map((message) => message.body);
    expect(maren).toMatch(/^Pipeline \d{1,2} \w{3}: Your follow-ups: Follow Up 0, Follow Up 1\. /);
    expect(jonas).toMatch(/^Pipeline \d{1,2} \w{3}: Your follow-ups: Follow Up \d+, Follow Up \d+, Follow Up \d+ \+6 more\. /);
    for (const text of [maren!, jonas!]) {
      expect(gsm7Length(text)).toBeLessThanOrEqual(306);
      expect(text).toContain("Follow-ups due: 12");
    }
  });
});
