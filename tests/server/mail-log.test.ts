import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realRowsChecksum } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import type { ExportedEverything } from "#db/queries/export.server.ts";

const PASSCODE = "mail-log-test-passcode";

type Exported = ExportedEverything;

/** POST /mail/log, /demo/mail/log and the export's mail_contacts, on the built server. */
describe("logging mail contacts over HTTP", () => {
  let server: RunningServer;
  let cookie: string;
  let investorId: number;
  let mailIds: number[];

  const form = (fields: [string, string][]) => new URLSearchParams(fields);
  const exported = async (): Promise<Exported> =>
    (await fetch(`${server.url}/export.json`, { headers: { cookie } })).json() as Promise<Exported>;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    cookie = await signIn(server.url, PASSCODE);
    const made = await fetch(`${server.url}/investors/new`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie },
      body: form([
        ["name", "Mail Person"],
        ["email", "mail.person@fund.example.com"],
      ]),
    });
    expect(made.status).toBe(302);
    investorId = Number(/\/investors\/(\d+)/.exec(made.headers.get("location") ?? "")?.[1]);
    // What the sync would have saved: one email sent, one reply.
    const db = new Database(server.databasePath);
    const insert = db.prepare("insert into mail_contacts (investor_id, message_id, direction, sent_at, subject) values (?, ?, ?, ?, ?)");
    mailIds = [
      Number(insert.run(investorId, "<a@fund.example.com>", "sent", "2026-01-05T09:00:00.000Z", "Our seed round").lastInsertRowid),
      Number(insert.run(investorId, "<b@fund.example.com>", "received", "2026-01-07T09:00:00.000Z", "Re: Our seed round").lastInsertRowid),
    ];
    db.close();
  });
  afterAll(async () => server?.stop());

  it("needs the session on the real side, and an id of the other side writes nothing", async () => {
    const anonymous = await fetch(`${server.url}/mail/log`, { method: "POST", redirect: "manual", body: form([["all", "1"]]) });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    const before = realRowsChecksum(server.databasePath);
    const crossed = await fetch(`${server.url}/demo/mail/log`, {
      method: "POST",
      redirect: "manual",
      body: form([["id", String(mailIds[0])]]),
    });
    expect(crossed.status).toBe(303);
    expect(crossed.headers.get("location")).toBe("/demo?logged=0#today");
    expect(realRowsChecksum(server.databasePath)).toBe(before);
    const json = await exported();
    expect(json.mail_contacts.map((mail) => [mail.direction, mail.subject, mail.logged_at])).toEqual([
      ["sent", "Our seed round", null],
      ["received", "Re: Our seed round", null],
    ]);
  });

  it("logs one, then all, through the investor edit, and the export reads it back", async () => {
    const one = await fetch(`${server.url}/mail/log`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie },
      body: form([["id", String(mailIds[0])]]),
    });
    expect(one.status).toBe(303);
    expect(one.headers.get("location")).toMatch(/^\/\?logged=1&undo=[A-Za-z0-9_-]{22}#today$/);
    const fromPage = await fetch(`${server.url}/mail/log`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie },
      body: form([
        ["all", "1"],
        ["investor", String(investorId)],
      ]),
    });
    expect(fromPage.headers.get("location")).toMatch(new RegExp(`^/investors/${investorId}\\?logged=1&undo=[A-Za-z0-9_-]{22}#mail$`));
    const json = await exported();
    const person = json.investors.find((investor) => investor.id === investorId)!;
    expect(person.contact_history?.map((entry) => [entry.date, entry.channel, entry.note])).toEqual([
      ["2026-01-05", "email", "Our seed round"],
      ["2026-01-07", "email", "Re: Our seed round"],
    ]);
    expect(person.last_contact_date).toBe("2026-01-07");
    expect(person.relationship_status).toBe("contacted");
    expect(json.mail_contacts.every((mail) => mail.logged_at !== null)).toBe(true);
    // Demo mail never leaves through the export.
    expect(new Set(json.mail_contacts.map((mail) => mail.investor_id))).toEqual(new Set([investorId]));
  });

  it("Undo after a Log takes back exactly its entries and marks, back on the page it came from", async () => {
    const post = (path: string, fields: [string, string][]) =>
      fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers: { cookie }, body: form(fields) });
    const person = async () => (await exported()).investors.find((investor) => investor.id === investorId)!;
    const before = await person();
    // A third email arrives and is logged from the investor page.
    const db = new Database(server.databasePath);
    const third = Number(
      db
        .prepare("insert into mail_contacts (investor_id, message_id, direction, sent_at, subject) values (?, ?, 'received', ?, ?)")
        .run(investorId, "<c@fund.example.com>", "2026-01-09T09:00:00.000Z", "Term sheet").lastInsertRowid,
    );
    db.close();
    const logged = await post("/mail/log", [
      ["id", String(third)],
      ["investor", String(investorId)],
    ]);
    const location = new URL(logged.headers.get("location") ?? "", server.url);
    const token = location.searchParams.get("undo")!;
    expect((await person()).contact_history?.map((entry) => entry.note)).toContain("Term sheet");
    // The page it lands on offers the undo as a plain form, coming back to this investor.
    const page = await (await fetch(`${server.url}${location.pathname}${location.search}`, { headers: { cookie } })).text();
    expect(page).toContain("Logged 1 email.");
    expect(page).toContain(`value="${token}"`);
    expect(page).toContain("Undo: do not log that email");

    const undone = await post("/undo", [
      ["token", token],
      ["investor", String(investorId)],
    ]);
    expect(undone.status).toBe(303);
    expect(undone.headers.get("location")).toBe(`/investors/${investorId}?unlogged=1#mail`);
    const after = await person();
    expect(after.contact_history).toEqual(before.contact_history);
    expect(after.last_contact_date).toBe(before.last_contact_date);
    expect(after.relationship_status).toBe(before.relationship_status);
    const mail = (await exported()).mail_contacts;
    expect(mail.filter((row) => row.logged_at === null).map((row) => row.id)).toEqual([third]);
    expect(mail.filter((row) => row.logged_at !== null)).toHaveLength(2);
    const back = await (await fetch(`${server.url}/investors/${investorId}?unlogged=1`, { headers: { cookie } })).text();
    expect(back).toContain("Undone: that email is no longer logged, and to log again.");
    // Once only.
    const again = await post("/undo", [["token", token]]);
    expect(again.headers.get("location")).toBe("/?undone=expired#today");
  });
});
