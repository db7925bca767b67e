import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "import-summary-passcode";

/** A tracker as founders keep it, with 60 rows a name is missing from (more than the preview lists). */
function tracker(status: string, lastContact: string): string {
  const lines = ["Investor Name,Fund,Status,Last Contact,Cheque range"];
  lines.push(`Ana Summary,Lisbon Seed,${status},${lastContact},€250k`);
  lines.push(`Ben Summary,Oslo Angels,${status},${lastContact},$50k to $1M`);
  lines.push("Cleo Summary,Paris Pre,Not contacted,,$1M+");
  for (let index = 0; index < 60; index++) lines.push(`,Nameless Fund ${index},Contacted,,`);
  return lines.join("\n");
}

describe("after an import: the summary and the refused rows", () => {
  let server: RunningServer;

  function post(form: FormData) {
    return fetch(`${server.url}/investors/import`, {
      method: "POST",
      redirect: "manual",
      headers: { "x-admin-passcode": PASSCODE },
      body: form,
    });
  }
  function fileForm(intent: string, csv: string) {
    const form = new FormData();
    form.set("intent", intent);
    form.set("file", new Blob([csv], { type: "text/csv" }), "tracker.csv");
    return form;
  }
  function get(path: string) {
    return fetch(`${server.url}${path}`, { redirect: "manual", headers: { "x-admin-passcode": PASSCODE } });
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("lands on a summary with a link to Today, and every refused row downloads with its reason", async () => {
    const response = await post(fileForm("commit", tracker("Contacted", "2026-10-01")));
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/investors\/import\?done=[\w-]+$/);

    const html = await (await get(location)).text();
    expect(html).toContain("Imported");
    expect(html).toMatch(/<strong>3<\/strong> new/);
    expect(html).toMatch(/<strong>0<\/strong> updated/);
    expect(html).toMatch(/<strong>60<\/strong> refused/);
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Today<\/a>/);
    const download = /href="(\/investors\/import\/refused\.csv\?done=[^"]+)"/.exec(html)?.[1] ?? "";
    expect(download).not.toBe("");

    const csvResponse = await get(download.replaceAll("&amp;", "&"));
    expect(csvResponse.status).toBe(200);
    expect(csvResponse.headers.get("content-type")).toContain("text/csv");
    expect(csvResponse.headers.get("content-disposition")).toContain("attachment");
    const rows = parse(await csvResponse.text()) as string[][];
    expect(rows[0]).toEqual(["line", "reason", "Investor Name", "Fund", "Status", "Last Contact", "Cheque range"]);
    expect(rows).toHaveLength(61);
    expect(rows[60]).toEqual(["64", "has no name", "", "Nameless Fund 59", "Contacted", "", ""]);
  });

  it("says what the updates changed, in words", async () => {
    const response = await post(fileForm("commit", tracker("First Meeting", "2026-11-05")));
    const html = await (await get(response.headers.get("location") ?? "")).text();
    expect(html).toMatch(/<strong>0<\/strong> new/);
    expect(html).toMatch(/<strong>2<\/strong> updated/);
    expect(html).toMatch(/<strong>1<\/strong> unchanged/);
    expect(html).toContain("2 change status, 2 get a new last contact");
  });

  it("downloads a row the plan refused (two rows reaching one saved investor) with its cells, read again from the file", async () => {
    const first = await post(fileForm("commit", "Investor Name,Fund,Email\nDora Plan,Plan Fund,dora@plan.vc"));
    expect(first.status).toBe(303);
    // The parse keeps both (different names); the plan finds both reach Dora, by name and by email (decision 072).
    const response = await post(fileForm("commit", "Investor Name,Fund,Email\nDora Plan,Plan Fund,\nD. Plan,Plan Fund,dora@plan.vc"));
    const html = await (await get(response.headers.get("location") ?? "")).text();
    expect(html).toMatch(/<strong>1<\/strong> refused/);
    const download = /href="(\/investors\/import\/refused\.csv\?done=[^"]+)"/.exec(html)?.[1] ?? "";
    const rows = parse(await (await get(download.replaceAll("&amp;", "&"))).text()) as string[][];
    expect(rows).toEqual([
      ["line", "reason", "Investor Name", "Fund", "Email"],
      ["3", "updates the same existing investor as line 2", "D. Plan", "Plan Fund", "dora@plan.vc"],
    ]);
  });

  it("answers a summary or download that is gone with a clear message, not a 500", async () => {
    const page = await get("/investors/import?done=no-such-token");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("That summary has expired");
    const download = await get("/investors/import/refused.csv?done=no-such-token");
    expect(download.status).toBe(404);
    expect(await download.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("/settings shows the rates cheques are compared at", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("lists the reference rates with their source and day, and the currencies without one", async () => {
    const html = await (await fetch(`${server.url}/settings`, { headers: { "x-admin-passcode": PASSCODE } })).text();
    expect(html).toContain("Currencies and rates");
    expect(html).toMatch(/European Central Bank euro foreign exchange reference rates of 2024-12-31/);
    expect(html).toMatch(/Rates of 31 December 2024/);
    expect(html).toContain('<abbr title="Norwegian Krone">NOK</abbr></td><td>11.3534</td>');
    expect(html).toContain('<abbr title="Yen">JPY</abbr></td><td>156.954</td>');
    expect(html).toMatch(/No reference rate \(\d+\): [^<]*KES/);
  });
});
