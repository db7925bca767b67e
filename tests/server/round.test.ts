import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "round-test-passcode";
const ADMIN = { "x-admin-passcode": PASSCODE };

/** The round over HTTP (docs/api.md routes #18 and #19, route #9's money, the round form, the export). */
describe("the round, over HTTP", () => {
  let server: RunningServer;

  function send(method: string, path: string, body?: unknown, headers: Record<string, string> = ADMIN) {
    return fetch(server.url + path, {
      method,
      redirect: "manual",
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  function postForm(path: string, fields: Record<string, string>) {
    return fetch(server.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { ...ADMIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  async function addInvestor(name: string, relationship_status: string): Promise<number> {
    const response = await postForm("/investors/new", { name, kind: "fund", relationship_status });
    expect(response.status).toBe(302);
    return Number(response.headers.get("location")!.split("/").pop());
  }

  async function addStartup(name: string): Promise<number> {
    const response = await send("POST", "/api/startups", { name, pitch: "Payments for clinics", sector: "fintech", stage: "seed" });
    expect(response.status).toBe(201);
    return (await response.json()).startup.id;
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  }, 60_000);
  afterAll(() => server?.stop());

  it("refuses a round before any startup, and a stranger", async () => {
    const none = await send("PUT", "/api/round", { target: 1_500_000 });
    expect(none.status).toBe(409);
    expect((await none.json()).error.code).toBe("no_startup");
    expect((await send("GET", "/api/round", undefined, {})).status).toBe(401);
    expect((await send("PUT", "/api/round", { target: 1 }, {})).status).toBe(401);
  });

  it("sets the round, adds up the investors' amounts, and carries all of it through /export.json", async () => {
    const startupId = await addStartup("Clinicpay");
    const set = await send("PUT", "/api/round", {
      target: 1_500_000,
      currency: "USD",
      close_by: "2027-01-15",
      instrument: "safe",
      role_wanted: "lead",
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      startup_id: startupId,
      name: "Clinicpay",
      target: 1_500_000,
      instrument: "safe",
      role_wanted: "lead",
    });

    const lead = await addInvestor("Ada Lead", "committed");
    const soft = await addInvestor("Bo Soft", "soft_committed");
    const euro = await addInvestor("Cy Euro", "committed");
    const passed = await addInvestor("Di Passed", "contacted");
    expect((await send("PATCH", `/api/investors/${lead}`, { amount: 400_000 })).status).toBe(200);
    expect(
      (await send("PATCH", `/api/investors/${soft}`, { amount: 300_000, next_step: "Send the data room", next_step_date: "2026-12-01" }))
        .status,
    ).toBe(200);
    expect(
      (await send("PATCH", `/api/investors/${euro}`, { amount: 250_000, amount_currency: "EUR", meeting_date: "2026-11-20" })).status,
    ).toBe(200);
    const pass = await send("PATCH", `/api/investors/${passed}`, {
      relationship_status: "passed",
      pass_reason: "too_early",
      pass_note: "Come back at Series A",
    });
    expect(pass.status).toBe(200);
    expect(await pass.json()).toMatchObject({ pass_reason: "too_early", pass_note: "Come back at Series A" });

    const round = await (await send("GET", "/api/round")).json();
    // 400k + 250k EUR at the reference 0.962557 EUR a dollar (decision 054) = 659,725 committed;
    // 300k soft; (659.7 + 300) / 1,500 = 64%.
    expect(round).toMatchObject({
      committed: 659_725,
      soft_committed: 300_000,
      in_talks: 0,
      percent: 64,
      converted: true,
      rates: { date: "2024-12-31", overridden: [] },
      without_rate: [],
      currency: "USD",
    });
    expect(round.by_status.find((s: { status: string }) => s.status === "committed")).toEqual({
      status: "committed",
      count: 2,
      amount: 659_725,
    });

    const file = await (await fetch(`${server.url}/export.json`, { headers: ADMIN })).json();
    const byName = new Map(file.investors.map((i: { name: string }) => [i.name, i]));
    expect(byName.get("Bo Soft")).toMatchObject({
      amount: 300_000,
      amount_currency: null,
      next_step: "Send the data room",
      next_step_date: "2026-12-01",
    });
    expect(byName.get("Cy Euro")).toMatchObject({ amount: 250_000, amount_currency: "EUR", meeting_date: "2026-11-20" });
    expect(byName.get("Di Passed")).toMatchObject({ relationship_status: "passed", pass_reason: "too_early" });
    expect(file.round).toMatchObject({ startup_id: startupId, target: 1_500_000, committed: 659_725, percent: 64 });
  });

  it("refuses bad money and bad rounds with the error format, writing nothing", async () => {
    const id = await addInvestor("Ed Bad", "contacted");
    for (const body of [
      { amount: -5 },
      { amount: 1.5 },
      { amount_currency: "XXX" },
      { next_step: "x".repeat(201) },
      { pass_reason: "bored" },
      { meeting_date: "2026-02-30" },
    ]) {
      const response = await send("PATCH", `/api/investors/${id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.code).toBe("invalid_body");
    }
    for (const body of [{ target: -1 }, { instrument: "shares" }, { close_by: "soon" }, { rocket: true }, { startup_id: 0 }]) {
      const response = await send("PUT", "/api/round", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.code).toBe("invalid_body");
    }
    expect((await send("PUT", "/api/round", { startup_id: 999 })).status).toBe(404);
    expect((await (await send("GET", "/api/round")).json()).target).toBe(1_500_000);
  });

  it("with several startups, the round form marks the one raising now", async () => {
    const second = await addStartup("Second Co");
    const saved = await postForm(`/startups/${second}/round`, { target: "2m", currency: "EUR", close_by: "", raising_now: "on" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toContain(`/startups/${second}?notice=`);
    const round = await (await send("GET", "/api/round")).json();
    expect(round).toMatchObject({ startup_id: second, name: "Second Co", target: 2_000_000, currency: "EUR" });
    const refused = await postForm(`/startups/${second}/round`, { target: "lots" });
    expect(refused.status).toBe(303);
    expect(decodeURIComponent(refused.headers.get("location")!)).toContain("Target must be an amount");
  });

  it("an amount set for another startup's round counts only in that round; route #9 and the page form set it", async () => {
    const rounds = (await (await fetch(`${server.url}/export.json`, { headers: ADMIN })).json()).startups as { id: number; name: string }[];
    const clinicpay = rounds.find((startup) => startup.name === "Clinicpay")!.id;
    const second = rounds.find((startup) => startup.name === "Second Co")!.id;
    const before = await (await send("GET", "/api/round")).json();
    expect(before.startup_id).toBe(second);

    const fay = await addInvestor("Fay Other", "committed");
    const set = await send("PATCH", `/api/investors/${fay}`, { amount: 100_000, amount_startup_id: clinicpay });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ amount: 100_000, amount_startup_id: clinicpay });
    // Second Co raises now: Fay's amount, for Clinicpay's round, is in none of its totals.
    expect((await (await send("GET", "/api/round")).json()).committed).toBe(before.committed);
    // Once Clinicpay raises: 400k + 250k EUR (659,725) of the round raising now, plus Fay's 100k for Clinicpay.
    expect((await send("PUT", "/api/round", { startup_id: clinicpay })).status).toBe(200);
    expect(await (await send("GET", "/api/round")).json()).toMatchObject({ startup_id: clinicpay, committed: 759_725 });

    for (const bad of [999_999, 0, "1", 1.5]) {
      const refused = await send("PATCH", `/api/investors/${fay}`, { amount_startup_id: bad, amount: 5 });
      expect(refused.status, String(bad)).toBe(400);
      const body = await refused.json();
      expect(body.error.code).toBe("invalid_body");
      expect(Object.keys(body.error.fields ?? {})).toContain("amount_startup_id");
    }

    const exported = async () => {
      const file = await (await fetch(`${server.url}/export.json`, { headers: ADMIN })).json();
      return file.investors.find((investor: { id: number }) => investor.id === fay);
    };
    expect(await exported()).toMatchObject({ amount: 100_000, amount_startup_id: clinicpay });

    // The page's form without JavaScript: "For the round of" back to the round raising now (empty), then Second Co's.
    const original = { "original.amount_startup_id": String(clinicpay) };
    expect((await postForm(`/investors/${fay}`, { ...original, amount_startup_id: "" })).status).toBe(302);
    expect((await exported()).amount_startup_id).toBeNull();
    expect((await postForm(`/investors/${fay}`, { "original.amount_startup_id": "", amount_startup_id: String(second) })).status).toBe(302);
    expect((await exported()).amount_startup_id).toBe(second);
    const tampered = await postForm(`/investors/${fay}`, { "original.amount_startup_id": "", amount_startup_id: "999999" });
    expect(tampered.status).toBe(400);
    expect((await exported()).amount_startup_id).toBe(second);

    // The page shows the select with two startups, naming the round raising now.
    const page = await (await fetch(`${server.url}/investors/${fay}`, { headers: ADMIN })).text();
    expect(page).toContain("For the round of");
    expect(page).toContain("The round raising now (Clinicpay)");

    // Deleting Second Co leaves nothing pointing at it: Fay's amount is the round raising now's.
    expect((await send("DELETE", `/api/startups/${second}`)).status).toBe(200);
    expect((await exported()).amount_startup_id).toBeNull();
  });
});
