import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCsv, postForm } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "money-currencies-passcode";
const AS = { passcode: PASSCODE };
const ADMIN = { "x-admin-passcode": PASSCODE };

type Exported = {
  name: string;
  amount: number | null;
  amount_currency: string | null;
  check_min: number | null;
  check_max: number | null;
  check_currency: string | null;
};

/**
 * Money in any currency, over HTTP (issue 34, decision 054): a Nordic founder's sheet imported
 * with every amount saved, the investor form taking what the import takes, and the round's totals
 * in kroner at a rate she set on /settings.
 */
describe("money in any currency, over HTTP", () => {
  let server: RunningServer;

  async function exported(): Promise<Map<string, Exported>> {
    const file = (await (await fetch(`${server.url}/export.json`, { headers: ADMIN })).json()) as { investors: Exported[] };
    return new Map(file.investors.map((investor) => [investor.name, investor]));
  }

  function json(method: string, path: string, body?: unknown) {
    return fetch(server.url + path, {
      method,
      headers: { ...ADMIN, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  }, 60_000);
  afterAll(() => server?.stop());

  it("imports a Nordic sheet saving every ticket and commitment, kroner by the investor's country", async () => {
    const sheet = [
      "Investor,Fund,HQ,Ticket,Status,Committed",
      "Sara Lindqvist,Fjord Ventures,Norway,NOK 5m,Contacted,",
      "Mikkel Dahl,Øresund Capital,Denmark,DKK 3-10m,Soft committed,DKK 4m",
      "Ingrid Berg,Nord Seed,Norway,NOK 500k-1m,Committed,NOK 2m",
      "Lars Holm,Vasa Partners,Sweden,SEK 10M,In conversation,",
      "Kari Nes,Bergen Angels,Norway,kr 500k,Committed,5m NOK",
      "Anna Roth,Alpen VC,Switzerland,CHF 500k-2m,Contacted,",
      "Ada Moss,Paris Seed,France,€300k,Committed,€300k",
      "Bo Wilde,Bay Fund,United States,$50k to $1M,Contacted,",
      "Cy Up,Up Fund,United States,up to 2M,Contacted,",
    ].join("\n");
    const response = await importCsv(server, `${sheet}\n`, { as: AS });
    expect(response.status).toBe(303);
    const byName = await exported();
    const cheque = (name: string) => {
      const investor = byName.get(name);
      return [investor?.check_min, investor?.check_max, investor?.check_currency];
    };
    expect(cheque("Sara Lindqvist")).toEqual([5_000_000, 5_000_000, "NOK"]);
    expect(cheque("Mikkel Dahl")).toEqual([3_000_000, 10_000_000, "DKK"]);
    expect(cheque("Ingrid Berg")).toEqual([500_000, 1_000_000, "NOK"]);
    expect(cheque("Lars Holm")).toEqual([10_000_000, 10_000_000, "SEK"]);
    expect(cheque("Kari Nes")).toEqual([500_000, 500_000, "NOK"]);
    expect(cheque("Anna Roth")).toEqual([500_000, 2_000_000, "CHF"]);
    expect(cheque("Ada Moss")).toEqual([300_000, 300_000, "EUR"]);
    expect(cheque("Bo Wilde")).toEqual([50_000, 1_000_000, "USD"]);
    expect(byName.get("Cy Up")).toMatchObject({ check_min: null, check_max: 2_000_000 });
    expect(byName.get("Ingrid Berg")).toMatchObject({ amount: 2_000_000, amount_currency: "NOK" });
    expect(byName.get("Mikkel Dahl")).toMatchObject({ amount: 4_000_000, amount_currency: "DKK" });
    expect(byName.get("Kari Nes")).toMatchObject({ amount: 5_000_000, amount_currency: "NOK" });
    expect(byName.get("Ada Moss")).toMatchObject({ amount: 300_000, amount_currency: "EUR" });
  });

  it("takes '€300k' and 'NOK 5m' on the investor form, and reads them back", async () => {
    const created = await postForm(
      server,
      "/investors/new",
      { name: "Form Fund", kind: "fund", relationship_status: "contacted" },
      { as: AS },
    );
    expect(created.status).toBe(302);
    const id = created.headers.get("location")!.split("/").pop();
    const original = { "original.amount": "", "original.amount_currency": "USD" };
    const euro = await postForm(server, `/investors/${id}`, { ...original, amount: "€300k", amount_currency: "USD" }, { as: AS });
    expect(euro.status).toBe(302);
    expect((await exported()).get("Form Fund")).toMatchObject({ amount: 300_000, amount_currency: "EUR" });
    const kroner = await postForm(
      server,
      `/investors/${id}`,
      { "original.amount": "300000", "original.amount_currency": "EUR", amount: "NOK 5m", amount_currency: "EUR" },
      { as: AS },
    );
    expect(kroner.status).toBe(302);
    expect((await exported()).get("Form Fund")).toMatchObject({ amount: 5_000_000, amount_currency: "NOK" });
    // The "Add investor" form's cheque too: "€300k" is euros, no longer "not an amount in US dollars".
    const added = await postForm(
      server,
      "/investors/new",
      { name: "Euro Angel", kind: "angel", relationship_status: "contacted", check_min: "€300k", check_max: "€1m" },
      { as: AS },
    );
    expect(added.status).toBe(302);
    expect((await exported()).get("Euro Angel")).toMatchObject({ check_min: 300_000, check_max: 1_000_000, check_currency: "EUR" });
    // A range is one amount no longer: refused, and nothing written.
    const range = await postForm(
      server,
      `/investors/${id}`,
      { "original.amount": "5000000", "original.amount_currency": "NOK", amount: "NOK 1-2m", amount_currency: "NOK" },
      { as: AS },
    );
    expect(range.status).toBe(400);
    expect((await exported()).get("Form Fund")).toMatchObject({ amount: 5_000_000, amount_currency: "NOK" });
  });

  it("totals the round in kroner at the founder's own rate, says so, and goes back to the reference rate", async () => {
    const startup = await json("POST", "/api/startups", {
      name: "Fjordpay",
      pitch: "Payments for Nordic clinics",
      sector: "fintech",
      stage: "seed",
    });
    expect(startup.status).toBe(201);
    expect((await json("PUT", "/api/round", { target: 30_000_000, currency: "NOK" })).status).toBe(200);
    const before = await (await json("GET", "/api/round")).json();
    expect(before).toMatchObject({ currency: "NOK", converted: true, rates: { date: "2024-12-31", overridden: [] } });

    const saved = await postForm(server, "/settings/rates", { currency: "NOK", rate: "10" }, { as: AS });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/settings?rate=saved&currency=NOK#currencies");
    const after = await (await json("GET", "/api/round")).json();
    expect(after.rates).toEqual({ date: "2024-12-31", overridden: ["NOK"] });
    // Committed: Ingrid's NOK 2m and Kari's NOK 5m as they are, Ada's €300k at 10 NOK a dollar (0.962557 EUR a dollar).
    expect(after.committed).toBe(Math.round(7_000_000 + (300_000 / 0.962557) * 10));
    expect(after.committed).toBeLessThan(before.committed);
    const today = await (await fetch(`${server.url}/`, { headers: ADMIN })).text();
    expect(today).toContain("converted at the reference rates of 31 Dec 2024 (NOK at your rate)");
    const settings = await (await fetch(`${server.url}/settings?rate=saved&currency=NOK`, { headers: ADMIN })).text();
    expect(settings).toContain("Saved: NOK now converts at your rate.");
    expect(settings).toMatch(/<abbr title="Norwegian Krone">NOK<\/abbr><\/td><td>11.3534<\/td><td><form[^>]*>.*?10/);

    for (const [fields, outcome] of [
      [{ currency: "NOK", rate: "-3" }, "bad-rate"],
      [{ currency: "NOK", rate: "ten" }, "bad-rate"],
      [{ currency: "USD", rate: "2" }, "bad-currency"],
      [{ currency: "XAU", rate: "2" }, "bad-currency"],
    ] as const) {
      const refused = await postForm(server, "/settings/rates", fields, { as: AS });
      expect(refused.headers.get("location")).toContain(`rate=${outcome}`);
    }
    expect((await (await json("GET", "/api/round")).json()).committed).toBe(after.committed);

    const cleared = await postForm(server, "/settings/rates", { currency: "NOK", rate: "" }, { as: AS });
    expect(cleared.headers.get("location")).toContain("rate=cleared");
    expect((await (await json("GET", "/api/round")).json()).committed).toBe(before.committed);
    // A stranger cannot set a rate: nothing changes.
    const stranger = await postForm(server, "/settings/rates", { currency: "NOK", rate: "1" });
    expect(stranger.headers.get("location") ?? "").not.toContain("rate=saved");
    expect((await (await json("GET", "/api/round")).json()).rates.overridden).toEqual([]);
  });
});
