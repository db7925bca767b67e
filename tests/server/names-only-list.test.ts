import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCsv } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "names-only-passcode";

/**
 * A list of names only (one column, as a founder's first list often is, with a byte-order mark and
 * CRLF): nothing to rank by yet. Today's "Email first" must not be a dead end: it says how many are
 * too little known to judge and links to them, where the founder can add what ranks them.
 */
describe("a names-only list on Today", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("says how many are too little known to judge, and links to them", async () => {
    const created = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Cobre Pagos",
        pitch: "Cross-border B2B payments for SMEs.",
        sector: "fintech",
        stage: "seed",
        geography: "Latin America",
        round_size: 1_500_000,
      }),
    });
    expect(created.status).toBe(201);
    const list = "\uFEFFInversionista,\r\nMonashees,\r\nKaszek Ventures,\r\nMountain Nazca,\r\n";
    expect((await importCsv(server, list, { as: { passcode: PASSCODE }, filename: "latam.csv" })).status).toBe(303);

    const cookie = await signIn(server.url, PASSCODE);
    const text = (html: string) => html.replaceAll("<!-- -->", "");
    const today = text(await (await fetch(`${server.url}/`, { headers: { cookie } })).text());
    expect(today).toContain("Nobody to email first today. 3 investors are too little known to judge:");
    expect(today).toMatch(/<a href="\/\?action=research#investors"[^>]*>see them<\/a> and add their sectors, stages and cheque size/);
    // The link lists exactly them.
    const listed = text(await (await fetch(`${server.url}/?action=research`, { headers: { cookie } })).text());
    for (const name of ["Monashees", "Kaszek Ventures", "Mountain Nazca"]) expect(listed).toContain(name);
  });
});
