import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestFrom, signInFrom } from "#tests/helpers/from-address.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "guess-limits-passcode";
const CRON = "guess-limits-cron-secret";

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
