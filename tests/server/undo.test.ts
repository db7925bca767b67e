import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportedEverything } from "#db/queries/export.server.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "undo-test-passcode";

/** POST /investors/:id/emailed's undo token and POST /undo, on the built server, read back through /export.json. */
describe("undoing Emailed over HTTP", () => {
  let server: RunningServer;
  let cookie: string;
  let investorId: number;

  const post = (path: string, fields: Record<string, string> = {}, headers: Record<string, string> = { cookie }) =>
    fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
  const investor = async () => {
    const body = (await (await fetch(`${server.url}/export.json`, { headers: { cookie } })).json()) as ExportedEverything;
    const row = body.investors.find((one) => one.id === investorId)!;
    return { status: row.relationship_status, last: row.last_contact_date, notes: (row.contact_history ?? []).map((entry) => entry.note) };
  };
  const emailed = async () => {
    const answer = await post(`/investors/${investorId}/emailed`);
    expect(answer.status).toBe(303);
    const location = answer.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`^/\\?emailed=${investorId}&undo=[A-Za-z0-9_-]{22}#today$`));
    return new URL(location, server.url).searchParams.get("undo")!;
  };

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    cookie = await signIn(server.url, PASSCODE);
    const made = await post("/investors/new", { name: "Undo Person", relationship_status: "researching" });
    expect(made.status).toBe(302);
    investorId = Number(/\/investors\/(\d+)/.exec(made.headers.get("location") ?? "")?.[1]);
  });
  afterAll(async () => server?.stop());

  it("takes back the contact and the status, and Today's page offers it and says it was done", async () => {
    const token = await emailed();
    expect(await investor()).toMatchObject({ status: "contacted", notes: ["Emailed"] });
    const today = await (await fetch(`${server.url}/?emailed=${investorId}&undo=${token}`, { headers: { cookie } })).text();
    expect(today).toContain("Recorded: you emailed Undo Person today.");
    expect(today).toContain(`value="${token}"`);

    const undone = await post("/undo", { token });
    expect(undone.status).toBe(303);
    expect(undone.headers.get("location")).toBe(`/?undone=${investorId}#today`);
    expect(await investor()).toEqual({ status: "researching", last: null, notes: [] });
    const after = await (await fetch(`${server.url}/?undone=${investorId}`, { headers: { cookie } })).text();
    expect(after).toContain("Undone: the email to Undo Person is no longer recorded.");

    // Once only.
    const again = await post("/undo", { token });
    expect(again.headers.get("location")).toBe("/?undone=expired#today");
  });

  it("keeps a status changed after it", async () => {
    const token = await emailed();
    const edited = await post(`/investors/${investorId}`, { relationship_status: "in_conversation" });
    expect(edited.status).toBeLessThan(400);
    expect((await post("/undo", { token })).status).toBe(303);
    expect(await investor()).toEqual({ status: "in_conversation", last: null, notes: [] });
  });

  it("needs the session, refuses the founder's token on the demo side, and answers bad bodies with 4xx, never a 500", async () => {
    const token = await emailed();
    const anonymous = await post("/undo", { token }, {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    const crossed = await post("/demo/undo", { token }, {});
    expect(crossed.headers.get("location")).toBe("/demo?undone=expired#today");
    expect((await investor()).notes).toEqual(["Emailed"]);

    const large = await post("/undo", { token: "x".repeat(4096) });
    expect(large.status).toBe(413);
    const json = await fetch(`${server.url}/undo`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    expect((await post("/undo", {})).headers.get("location")).toBe("/?undone=expired#today");
    expect((await investor()).notes).toEqual(["Emailed"]);
  });
});
