import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "activity-test-passcode";
const ADMIN = { "x-admin-passcode": PASSCODE };

/** Who changed what over HTTP (docs/api.md routes #24 and #25, decision 061). */
describe("the activity, over HTTP", () => {
  let server: RunningServer;
  let investorId: number;

  function get(path: string, headers: Record<string, string> = ADMIN) {
    return fetch(server.url + path, { redirect: "manual", headers });
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const added = await fetch(`${server.url}/investors/new`, {
      method: "POST",
      redirect: "manual",
      headers: { ...ADMIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Fjord Climate Activity", kind: "fund", relationship_status: "contacted" }),
    });
    expect(added.status).toBe(302);
    investorId = Number(added.headers.get("location")!.split("/").pop());
    const moved = await fetch(`${server.url}/api/investors/${investorId}`, {
      method: "PATCH",
      headers: { ...ADMIN, "content-type": "application/json" },
      body: JSON.stringify({ relationship_status: "due_diligence" }),
    });
    expect(moved.status).toBe(200);
  });

  afterAll(async () => server?.stop());

  it("answers an investor's activity newest first, each change with its author and in words", async () => {
    const response = await get(`/api/investors/${investorId}/activity`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.next_before).toBeNull();
    expect(body.activity.map((entry: { kind: string; text: string }) => [entry.kind, entry.text])).toEqual([
      ["status", "Owner moved Fjord Climate Activity to Due diligence"],
      ["created", "Owner added Fjord Climate Activity"],
    ]);
    expect(body.activity[0]).toMatchObject({
      investor_id: investorId,
      actor: { system: null, name: "Owner" },
      detail: { from: { relationshipStatus: "contacted" }, to: { relationshipStatus: "due_diligence" } },
    });
    const paged = await (await get(`/api/investors/${investorId}/activity?limit=1`)).json();
    expect(paged.activity).toHaveLength(1);
    const older = await (await get(`/api/investors/${investorId}/activity?limit=1&before=${paged.next_before}`)).json();
    expect(older.activity.map((entry: { kind: string }) => entry.kind)).toEqual(["created"]);
  });

  it("reads on from an id, oldest first, with the id to ask from next", async () => {
    const all = await (await get("/api/activity")).json();
    const ours = all.activity.filter((entry: { investor_id: number }) => entry.investor_id === investorId);
    expect(ours.map((entry: { kind: string }) => entry.kind)).toEqual(["created", "status"]);
    const after = await (await get(`/api/activity?after=${all.last_id}&limit=10`)).json();
    expect(after).toEqual({ activity: [], last_id: all.last_id });
  });

  it("refuses a wrong query parameter, a stranger, a demo or unknown investor and another method", async () => {
    const wrong = await get("/api/activity?limit=0&since=1");
    expect(wrong.status).toBe(400);
    const problem = await wrong.json();
    expect(problem.error.code).toBe("invalid_query");
    expect(Object.keys(problem.error.fields).sort()).toEqual(["limit", "since"]);
    expect((await get("/api/activity?after=-1")).status).toBe(400);
    expect((await get("/api/activity", {})).status).toBe(401);
    expect((await get(`/api/investors/${investorId}/activity`, {})).status).toBe(401);
    expect((await get("/api/investors/999999/activity")).status).toBe(404);
    const db = new Database(server.databasePath, { readonly: true });
    const demoId = db.prepare("select id from investors where is_demo = 1 limit 1").pluck().get() as number | undefined;
    db.close();
    if (demoId !== undefined) expect((await get(`/api/investors/${demoId}/activity`)).status).toBe(404);
    const post = await fetch(`${server.url}/api/activity`, { method: "POST", headers: ADMIN });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});
