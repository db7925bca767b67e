import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportedEverything } from "#db/queries/export.server.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { importCsv } from "#tests/helpers/http.ts";

const PASSCODE = "next-step-test-passcode";

/**
 * POST /investors/:id/next-step (decision 053) on the built server: the answer joins the
 * "Emailed" token, Today asks and then says what was kept, a bad answer goes back with its
 * reason and writes nothing, and a stranger is sent to sign in.
 */
describe("the next step's answer over HTTP", () => {
  let server: RunningServer;
  let cookie: string;
  let id: number;

  const post = (path: string, fields: Record<string, string> = {}, headers: Record<string, string> = { cookie }) =>
    fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
  /** A page's text as read: React's empty comments between parts of a sentence taken out. */
  const page = async (path: string) =>
    (await (await fetch(`${server.url}${path}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
  const exported = async () => {
    const body = (await (await fetch(`${server.url}/export.json`, { headers: { cookie } })).json()) as ExportedEverything;
    const row = body.investors.find((one) => one.id === id)!;
    return { step: row.next_step, date: row.next_step_date?.slice(0, 10) ?? null, last: row.last_contact_date, action: row.action };
  };

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    cookie = await signIn(server.url, PASSCODE);
    const csv =
      "name,email,relationship_status,last_contact_date,next_step,next_step_date\nSara Step,sara@step.example.com,in_conversation,2025-01-02,Send the deck,2025-01-09\n";
    expect((await importCsv(server, csv, { as: { cookie } })).status).toBe(303);
    const body = (await (await fetch(`${server.url}/export.json`, { headers: { cookie } })).json()) as ExportedEverything;
    id = body.investors.find((one) => one.name === "Sara Step")!.id;
  });
  afterAll(async () => server?.stop());

  it("refuses a missing step and an unreadable field, writing nothing; needs the session", async () => {
    const before = await exported();
    expect(before).toMatchObject({ step: "Send the deck", date: "2025-01-09", action: "follow_up" });
    const missing = await post(`/investors/${id}/next-step`, { intent: "next", next_step: "  " });
    expect(missing.status).toBe(303);
    expect(missing.headers.get("location")).toBe(`/?emailed=${id}&step_error=missing#today`);
    const bad: Array<Record<string, string>> = [
      { intent: "next", next_step: "Call", next_step_date: "2026-02-30" },
      { intent: "nuke" },
      { intent: "next", next_step: "x".repeat(201) },
    ];
    for (const fields of bad) {
      const invalid = await post(`/investors/${id}/next-step`, { ...fields, back: "investor" });
      expect(invalid.status).toBe(303);
      expect(invalid.headers.get("location")).toBe(`/investors/${id}?saved=1&ask=step&step_error=invalid#notes`);
    }
    expect((await post(`/investors/${id}/next-step`, { intent: "done", junk: "y".repeat(5000) })).status).toBe(413);
    expect((await post("/investors/999999/next-step", { intent: "done" })).status).toBe(404);
    const anonymous = await post(`/investors/${id}/next-step`, { intent: "done" }, {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    expect(await exported()).toEqual(before);
  });

  it("after Emailed, asks on Today; the answer joins the token, and one undo puts everything back", async () => {
    const emailed = await post(`/investors/${id}/emailed`);
    const token = new URL(emailed.headers.get("location")!, server.url).searchParams.get("undo")!;
    expect(await exported()).toMatchObject({ step: "Send the deck", action: "wait" });
    expect(await page(`/?emailed=${id}&undo=${token}`)).toContain(
      "Your next step with Sara Step was “Send the deck” (9 Jan 2025). Is it done?",
    );
    const refused = await post(`/investors/${id}/next-step`, { intent: "next", next_step: "", undo: token });
    expect(refused.headers.get("location")).toBe(`/?emailed=${id}&undo=${token}&step_error=missing#today`);
    expect(await page(refused.headers.get("location")!)).toContain("Write the next step, or press “Done, nothing next”.");
    const answered = await post(`/investors/${id}/next-step`, { intent: "done", undo: token });
    expect(answered.headers.get("location")).toBe(`/?emailed=${id}&answered=done&undo=${token}#today`);
    expect(await exported()).toMatchObject({ step: null, date: null, action: "wait" });
    const said = await page(answered.headers.get("location")!);
    expect(said).toContain("Recorded: you emailed Sara Step today. The next step is done; nothing next is planned.");
    expect(said).not.toContain("Is it done?");
    expect((await post("/undo", { token })).headers.get("location")).toBe(`/?undone=${id}#today`);
    expect(await exported()).toEqual({ step: "Send the deck", date: "2025-01-09", last: "2025-01-02", action: "follow_up" });
  });
});
