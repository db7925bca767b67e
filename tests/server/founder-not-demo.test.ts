import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_IN_FLIGHT } from "#app/http/anonymous-budget.server.ts";
import { requestFrom, slowPost } from "#tests/helpers/from-address.ts";
import { postForm } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "founder-not-demo-passcode";
const EDITS = 16;

/**
 * Issue 35 (5), decision 056: the founder's own requests are never open demo work. Four anonymous
 * clients looping /demo got 15 of 16 of a script's `PATCH /api/investors/:id` with the right
 * x-admin-passcode refused with 429 `demo_busy`: route #9 is open demo work when sent without a
 * session, and the budget looked at the session cookie only.
 */
describe("the founder is never demo traffic", () => {
  let server: RunningServer;
  let cookie: string;
  let investorId: number;
  let demoId: number;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    cookie = await signIn(server.url, PASSCODE);
    const added = await postForm(server, "/investors/new", { name: "Founder Script Target", firm: "Own Fund" }, { as: { cookie } });
    expect(added.status).toBe(302);
    investorId = Number(added.headers.get("location")?.split("/").pop());
    const feed = JSON.parse((await requestFrom("127.0.4.1", `${server.url}/api/search-feed?demo=1`)).text) as {
      items: Array<{ id: number }>;
    };
    demoId = feed.items[0]!.id;
  });
  afterAll(() => server.stop());

  it("answers every edit sent with the passcode or a session while anonymous visitors use up the demo's budget", async () => {
    // The demo's places held by anonymous form posts whose bodies have not all arrived.
    const held = Array.from({ length: ANONYMOUS_IN_FLIGHT }, (_, i) =>
      slowPost(`${server.url}/demo/investors/${demoId}`, `127.0.4.${10 + i}`),
    );
    let founderDone = false;
    const refusedVisitors: number[] = [];
    try {
      await expect.poll(async () => (await requestFrom("127.0.4.20", `${server.url}/demo`)).status, { timeout: 10_000 }).toBe(429);
      // And four visitors looping /demo meanwhile (each at most 200 requests), as the attack did.
      const visitors = Array.from({ length: 4 }, async (_, i) => {
        for (let n = 0; n < 200 && !founderDone; n++) {
          const page = await requestFrom(`127.0.4.${30 + i}`, `${server.url}/demo`);
          if (page.status === 429) refusedVisitors.push(i);
        }
      });
      const statuses: number[] = [];
      for (let i = 0; i < EDITS; i++) {
        const credential: Record<string, string> = i % 2 === 0 ? { "x-admin-passcode": PASSCODE } : { cookie };
        const edit = await requestFrom("127.0.4.40", `${server.url}/api/investors/${investorId}`, {
          method: "PATCH",
          headers: { ...credential, "content-type": "application/json" },
          body: JSON.stringify({ personal_notes: `edit ${i}` }),
        });
        statuses.push(edit.status);
      }
      // The founder looking at the demo with the passcode is not counted either.
      const demoPage = await requestFrom("127.0.4.40", `${server.url}/demo`, { headers: { "x-admin-passcode": PASSCODE } });
      founderDone = true;
      await Promise.all(visitors);
      expect(statuses).toEqual(Array(EDITS).fill(200));
      expect(demoPage.status).toBe(200);
      expect(refusedVisitors.length).toBeGreaterThan(0);

      // The budget still holds for everyone else: no credential, or a wrong passcode, is demo traffic.
      const anonymous = await requestFrom("127.0.4.41", `${server.url}/api/investors/${demoId}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(anonymous.status).toBe(429);
      expect(JSON.parse(anonymous.text)).toMatchObject({ error: { code: "demo_busy" } });
      const wrong = await requestFrom("127.0.4.42", `${server.url}/api/investors/${demoId}`, {
        method: "PATCH",
        headers: { "x-admin-passcode": "not-the-passcode", "content-type": "application/json" },
        body: "{}",
      });
      expect(wrong.status).toBe(429);
      expect(JSON.parse(wrong.text)).toMatchObject({ error: { code: "demo_busy" } });
    } finally {
      founderDone = true;
      for (const post of held) post.finish();
    }
    await Promise.all(held.map((post) => post.done));
    const notes = await fetch(`${server.url}/api/investors/${investorId}`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(((await notes.json()) as { personal_notes: string }).personal_notes).toBe(`edit ${EDITS - 1}`);

    // Once the places are free, a wrong passcode on a demo investor is an anonymous visitor's edit (as before).
    const visitorEdit = await requestFrom("127.0.4.43", `${server.url}/api/investors/${demoId}`, {
      method: "PATCH",
      headers: { "x-admin-passcode": "not-the-passcode", "content-type": "application/json" },
      body: JSON.stringify({ relationship_status: "contacted" }),
    });
    expect(visitorEdit.status).toBe(200);
  });
});
