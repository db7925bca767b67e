import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EDITS_OVERALL, DEMO_REBUILDS_OVERALL, DEMO_WRITES_PER_CLIENT } from "#app/http/demo-limit.server.ts";
import { type PlainResponse, requestFrom } from "#tests/helpers/from-address.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

/** docs/product.md#security: open (demo) writes have per-client and global limits. Each test plays its own addresses. */
describe("open demo writes", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: "demo-limits-passcode" });
  });
  afterAll(() => server.stop());

  const post = (from: string, path: string) => requestFrom(from, `${server.url}${path}`, { method: "POST" });
  const expectLimited = (response: PlainResponse) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  };

  it("cap resets and simulated refreshes from everyone together, not only per address", async () => {
    expect(DEMO_REBUILDS_OVERALL % 5).toBe(0);
    const addresses = DEMO_REBUILDS_OVERALL / 5;
    for (let client = 10; client < 10 + addresses; client++) {
      for (let i = 0; i < 5; i++) {
        const response = await post(`127.0.1.${client}`, i % 2 === 0 ? "/api/demo/reset" : "/api/demo/refresh");
        expect(response.status).toBe(200);
      }
    }
    // Every rebuild allowed this minute, from a few addresses: another address is refused too, on every way in.
    const api = await post("127.0.1.16", "/api/demo/reset");
    expectLimited(api);
    expect(JSON.parse(api.text)).toMatchObject({ error: { code: "rate_limited" } });
    expectLimited(await post("127.0.1.17", "/api/demo/refresh"));
    const form = await requestFrom("127.0.1.18", `${server.url}/demo/actions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=reset",
    });
    expect(form.status).toBe(429);
  });

  it("cap edits of demo investors (API, page form, Emailed) per address and from everyone together", async () => {
    const feed = JSON.parse((await requestFrom("127.0.1.29", `${server.url}/api/search-feed?demo=1`)).text) as {
      items: Array<{ id: number }>;
    };
    const demoIds = feed.items.map((item) => item.id);
    expect(demoIds.length).toBeGreaterThan(10);
    const patch = (from: string, id: number) =>
      requestFrom(from, `${server.url}/api/investors/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ personal_notes: `note from ${from}` }),
      });
    const pageForm = (from: string, id: number) =>
      requestFrom(from, `${server.url}/demo/investors/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ relationship_status: "contacted", personal_notes: "form note" }).toString(),
      });
    const emailed = (from: string, id: number) => post(from, `/demo/investors/${id}/emailed`);
    const ways = [patch, pageForm, emailed];
    const expected = [200, 302, 303];

    // One address: 30 edits a minute, whichever way they come.
    for (let i = 0; i < DEMO_WRITES_PER_CLIENT; i++) {
      const way = i % 3;
      expect((await ways[way]!("127.0.1.30", demoIds[i % demoIds.length]!)).status).toBe(expected[way]);
    }
    // The page form answers with the page's error view (429, no Retry-After on a page).
    for (const way of ways) expect((await way("127.0.1.30", demoIds[0]!)).status).toBe(429);

    // Everyone: 120 edits a minute. More addresses use their 30 each (120 in all)…
    expect(DEMO_EDITS_OVERALL % DEMO_WRITES_PER_CLIENT).toBe(0);
    for (let client = 31; client < 30 + DEMO_EDITS_OVERALL / DEMO_WRITES_PER_CLIENT; client++) {
      for (let i = 0; i < DEMO_WRITES_PER_CLIENT; i++) {
        expect((await patch(`127.0.1.${client}`, demoIds[i % demoIds.length]!)).status).toBe(200);
      }
    }
    // …and an address that has not edited anything is refused, on every way in.
    expectLimited(await patch("127.0.1.40", demoIds[1]!));
    expect((await pageForm("127.0.1.41", demoIds[1]!)).status).toBe(429);
    expectLimited(await emailed("127.0.1.42", demoIds[1]!));
  });

  it("cap the open demo chat from everyone together, not only per address", async () => {
    const ask = (from: string) =>
      requestFrom(from, `${server.url}/api/chat?demo=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "Who should I email first?" }),
      });
    for (let client = 50; client < 53; client++) {
      for (let i = 0; i < 10; i++) expect((await ask(`127.0.1.${client}`)).status).toBe(200);
      expectLimited(await ask(`127.0.1.${client}`));
    }
    expectLimited(await ask("127.0.1.53"));
  });
});
