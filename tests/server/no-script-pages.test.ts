import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { importCsv, postForm } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "no-script-pages-passcode";
const as = { passcode: PASSCODE };

/** "Find investor" and "Ask your pipeline" without JavaScript: /search and /ask, and their demo twins (issue 24). */
describe("the search and ask pages", () => {
  let server: RunningServer;
  let adaId: number;

  const get = (path: string, headers: Record<string, string> = { "x-admin-passcode": PASSCODE }) =>
    fetch(`${server.url}${path}`, { headers, redirect: "manual" });

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const csv = "name,firm,relationship_status\nAda Lovelace,Analytical Ventures,not_contacted\nGrace Hopper,Compiler Capital,passed";
    expect((await importCsv(server, csv, { as })).status).toBe(303);
    adaId = count(server.databasePath, "select id from investors where is_demo = 0 and name = 'Ada Lovelace'");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finds an investor by a word of the name or the firm, accents and case aside, as the palette does", async () => {
    for (const query of ["lovelace", "ANALYT", "ädá"]) {
      const response = await get(`/search?q=${encodeURIComponent(query)}`);
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html, query).toContain(`href="/investors/${adaId}"`);
      expect(html, query).not.toContain("Grace Hopper");
    }
  });

  it("says when nothing matches, lists nobody for an empty query, and caps a long one", async () => {
    const none = await (await get("/search?q=zzzz")).text();
    expect(none).toContain("No investor matches");
    const empty = await (await get("/search")).text();
    expect(empty).toContain('name="q"');
    expect(empty).not.toContain("search-result");
    const long = await get(`/search?q=${"a".repeat(5_000)}`);
    expect(long.status).toBe(200);
    // The box and the heading show the first 200 characters (the URL itself is echoed in the page's data).
    const html = await long.text();
    expect(html.match(/name="q"[^>]*value="(a*)"/)?.[1]).toBe("a".repeat(200));
  });

  it("answers a posted question by rule when no model is set, on the page itself", async () => {
    const response = await postForm(server, "/ask", { message: "who should I email first?" }, { as });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("You asked:");
    expect(html).toContain("who should I email first?");
    // Why, in the drawer's words: with no model set, it was never "not available", it is not configured.
    expect(html).toContain("Answered from a summary: no language model is configured.");
  });

  it("refuses an empty or oversized question with a sentence, never a 500", async () => {
    const empty = await postForm(server, "/ask", { message: "   " }, { as });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Type a question first.");
    const long = await postForm(server, "/ask", { message: "x".repeat(501) }, { as });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("longer than 500 characters");
    const json = await fetch(`${server.url}/ask`, {
      method: "POST",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
      body: JSON.stringify({ message: "hi" }),
    });
    expect(json.status).toBe(415);
  });

  it("serves the demo's twins to anyone, with demo rows only", async () => {
    const feed = (await (await get("/api/search-feed?demo=1", {})).json()) as { items: Array<{ name: string }> };
    const someone = feed.items[0]!.name.split(" ")[0]!;
    const search = await get(`/demo/search?q=${encodeURIComponent(someone)}`, {});
    expect(search.status).toBe(200);
    const found = await search.text();
    expect(found).toMatch(/href="\/demo\/investors\/\d+"/);
    expect(found).not.toMatch(/href="\/investors\/\d+"/);
    expect(await (await get("/demo/search?q=lovelace", {})).text()).toContain("No investor matches");

    const asked = await postForm(server, "/demo/ask", { message: "Who should I email first?" });
    expect(asked.status).toBe(200);
    const answer = await asked.text();
    expect(answer).toContain("Answers come from the demo data only.");
    expect(answer).not.toContain("Ada Lovelace");
    expect(answer).not.toMatch(/href="\/investors\/\d+"/);
  });

  it("sends a stranger on the signed-in side to sign in", async () => {
    for (const path of ["/search?q=ada", "/ask"]) {
      const response = await get(path, {});
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/login\?redirectTo=/);
    }
  });
});
