import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requestFrom, signInFrom } from "#tests/helpers/from-address.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { postForm } from "#tests/helpers/http.ts";

const PASSCODE = "guess-limits-passcode";
const CRON = "guess-limits-cron-secret-0123456";

/** Decision 013: wrong guesses slow the guesser, per client, and never lock the founder out. */
describe("wrong passcodes from many addresses", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(() => server.stop());

  it("still let the founder sign in from another address after 7 addresses made 10 wrong guesses each", async () => {
    const statuses: number[] = [];
    for (let client = 2; client <= 8; client++) {
      for (let i = 0; i < 10; i++) statuses.push((await signInFrom(`127.0.0.${client}`, server.url, `wrong-guess-${client}-${i}`)).status);
    }
    // Past 60 wrong guesses a minute every guesser is slowed (429), but at least that many were wrong.
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(60);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const founder = await signInFrom("127.0.0.20", server.url, PASSCODE);
    expect(founder.status).toBe(302);
    expect(String(founder.headers["set-cookie"])).toContain("=");
    // The guessers are slowed down: with this much guessing about, their next try must wait.
    const guesser = await signInFrom("127.0.0.2", server.url, "wrong-guess-again");
    expect(guesser.status).toBe(429);
    expect(Number(guesser.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("wrong passcodes from one address", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
  });
  afterAll(() => server.stop());

  it("leave the right passcode working from that same address after 10 wrong guesses", async () => {
    for (let i = 0; i < 10; i++) expect((await signInFrom("127.0.0.30", server.url, `typo-${i}`)).status).toBe(401);
    const founder = await signInFrom("127.0.0.30", server.url, PASSCODE);
    expect(founder.status).toBe(302);
  });

  it("are limited after the founder signed in, and a limited guess is not checked, so a refusal says nothing", async () => {
    expect((await signInFrom("127.0.0.40", server.url, PASSCODE)).status).toBe(302);
    const feed = (from: string, passcode: string) =>
      requestFrom(from, `${server.url}/api/search-feed`, { headers: { "x-admin-passcode": passcode } });
    for (let i = 0; i < 11; i++) expect((await feed("127.0.0.41", `guess-${i}`)).status).toBe(401);
    const limited = await feed("127.0.0.41", "guess-11");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(limited.text)).toMatchObject({ error: { code: "rate_limited" } });
    // The right passcode from the guessing address gets the same answer as a wrong one…
    expect((await feed("127.0.0.41", PASSCODE)).status).toBe(429);
    // …while it works from anywhere else at the same moment.
    expect((await feed("127.0.0.42", PASSCODE)).status).toBe(200);
  });

  it("limit wrong cron bearers the same way, and the right bearer still works from elsewhere", async () => {
    const digest = (from: string, bearer: string) =>
      requestFrom(from, `${server.url}/api/cron/digest`, { headers: { authorization: `Bearer ${bearer}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await digest("127.0.0.50", `wrong-bearer-${i}`)).status);
    expect(statuses.slice(0, 11)).toEqual(new Array(11).fill(401));
    expect(statuses.slice(11)).toContain(429);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const limited = await digest("127.0.0.50", CRON);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await digest("127.0.0.51", CRON)).status).toBe(200);
  });
});

/** `count` requests (or until `stop` says so), `concurrency` at a time; the statuses counted. */
async function flood(
  count: number,
  send: (index: number) => Promise<number>,
  concurrency = 8,
  stop: () => boolean = () => false,
): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count && !stop()) {
        const status = await send(next++);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** 10.0.0.0/8 as a list: the i-th address. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Decision 019: a ceiling over all clients, a device cookie that passes it, addresses grouped. */
describe("a flood of wrong passcodes from 10,000 addresses (ADMIN_PASSCODE, behind a trusted proxy)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, TRUST_PROXY: "true" });
  });
  afterAll(() => server.stop());

  const guess = (from: string, passcode: string, cookie?: string) =>
    fetch(`${server.url}/api/search-feed`, {
      headers: { "x-admin-passcode": passcode, "x-forwarded-for": from, ...(cookie ? { cookie } : {}) },
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });
  const signIn = (from: string, passcode: string, cookie?: string) =>
    postForm(server, "/login", { passcode }, { as: cookie ? { cookie } : {}, headers: { "x-forwarded-for": from } });

  // Before the flood, so that only the per-client limit is at work.
  it("counts an IPv6 /64 as one client", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push(await guess(`2001:db8:7:7::${i.toString(16)}`, `v6-wrong-${i}`));
    // 10 free wrong guesses, an 11th still checked, then the group waits, whichever address it uses.
    expect(statuses).toEqual([...new Array(11).fill(401), 429]);
    expect(await guess("2001:db8:7:8::1", PASSCODE)).toBe(200);
  });

  it("is mostly refused unchecked, while the founder's browser that signed in before still signs in", async () => {
    const startedAt = Date.now();
    const first = await signIn("192.0.2.10", PASSCODE);
    expect(first.status).toBe(302);
    const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-ipi_device="));
    expect(device).toBeDefined();
    const deviceCookie = device!.split(";")[0]!;

    const halves = [await flood(5_000, (i) => guess(addressOf(i), `wrong-${i}`))];
    // Mid-flood, from an address it never used: the known browser is checked and let in…
    const founder = await signIn("192.0.2.77", PASSCODE, deviceCookie);
    expect(founder.status).toBe(302);
    // …while the same right passcode from a browser the app does not know is held back unchecked.
    const stranger = await signIn("192.0.2.78", PASSCODE);
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("a browser that signed in here before is not held back");
    halves.push(await flood(5_000, (i) => guess(addressOf(5_000 + i), `wrong-${i}`)));

    const checkedWrong = (halves[0]![401] ?? 0) + (halves[1]![401] ?? 0);
    const refused = (halves[0]![429] ?? 0) + (halves[1]![429] ?? 0);
    expect(checkedWrong + refused).toBe(10_000);
    // At most the ceiling (120) per minute the flood lasted was checked; everything else refused.
    const minutes = Math.ceil((Date.now() - startedAt) / 60_000);
    expect(checkedWrong).toBeLessThanOrEqual(120 * minutes);
    expect(refused).toBeGreaterThanOrEqual(10_000 - 120 * minutes);

    // Each wrong form post used to be a log line of its own; now the minute's count is one line.
    for (let i = 0; i < 50; i++) expect((await signIn(addressOf(20_000 + i), `wrong-form-${i}`)).status).toBe(429);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => /wrong passcode|sign-in refused/i.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 60_000));
  }, 300_000);
});

describe("a flood right after a restart, with the generated passcode", () => {
  it("never holds back the founder's right passcode, from a browser the app has never seen", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "ipi-flood-")), "app.db");
    const first = await startBuiltServer({ DATABASE_PATH: databasePath, TRUST_PROXY: "true" });
    await first.stop();
    const passcode = /generated for you: ([a-z2-9-]{19})/.exec(first.output())?.[1];
    expect(passcode).toBeDefined();
    // The restart: nothing about the passcode is in memory, nobody has signed in since.
    const server = await startBuiltServer({ DATABASE_PATH: databasePath, TRUST_PROXY: "true" });
    try {
      let sent = 0;
      let flooding = true;
      const guesses = flood(
        1_000_000,
        async (i) => {
          sent++;
          const response = await fetch(`${server.url}/api/search-feed`, {
            headers: { "x-admin-passcode": `wrong-${i}`, "x-forwarded-for": addressOf(i) },
          });
          await response.arrayBuffer();
          return response.status;
        },
        8,
        () => !flooding,
      );
      const founder: number[] = [];
      try {
        for (let attempt = 1; attempt <= 5; attempt++) {
          // Each attempt in the thick of it: a few hundred more guesses in between.
          await vi.waitFor(() => expect(sent).toBeGreaterThanOrEqual(attempt * 300), { timeout: 60_000, interval: 20 });
          const response = await postForm(
            server,
            "/login",
            { passcode: passcode! },
            { headers: { "x-forwarded-for": `192.0.2.${100 + attempt}` } },
          );
          founder.push(response.status);
        }
      } finally {
        flooding = false;
      }
      const statuses = await guesses;
      expect(founder).toEqual([302, 302, 302, 302, 302]);
      // The flood was real: its guesses were answered, wrong.
      expect(statuses[401]).toBeGreaterThanOrEqual(1_500);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
