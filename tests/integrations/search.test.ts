import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IntegrationError } from "#app/integrations/errors.ts";
import { createTavilySearch } from "#app/integrations/search.server.ts";
import { startEndlessServer, startFakeTavily, tavilyError } from "#tests/fakes/index.ts";
import type { FakeTavily } from "#tests/fakes/index.ts";

const API_KEY = "tvly-test-SECRET-4d1e9a";

describe("Tavily search against the fake", () => {
  let fake: FakeTavily;
  let waits: number[];
  const sleep = async (ms: number) => void waits.push(ms);

  beforeAll(async () => {
    fake = await startFakeTavily({ apiKey: API_KEY });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    waits = [];
  });

  function search(options: { timeoutMs?: number; retries?: number; apiKey?: string } = {}) {
    return createTavilySearch({ apiKey: API_KEY, baseUrl: fake.url, sleep, ...options });
  }

  /** Runs a search expected to fail and checks the key never leaks into the error. */
  async function failure(promise: Promise<unknown>): Promise<IntegrationError> {
    const error = await promise.then(
      () => expect.fail("the search should have failed"),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(IntegrationError);
    const integrationError = error as IntegrationError;
    expect(integrationError.service).toBe("tavily");
    expect(`${integrationError.message}\n${integrationError.stack}`).not.toContain(API_KEY);
    return integrationError;
  }

  it("asks for 30 days of news, with usage, and maps the results", async () => {
    const answer = await search().search("Jane Doe Acme Ventures");

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe("/search");
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toEqual({
      query: "Jane Doe Acme Ventures",
      topic: "news",
      days: 30,
      max_results: 5,
      include_usage: true,
      search_depth: "basic",
    });

    expect(answer.credits).toBe(1);
    expect(answer.results).toHaveLength(2);
    const tenDaysAgo = Date.now() - 10 * 24 * 60 * 60 * 1000;
    for (const result of answer.results) {
      expect(result.url).toMatch(/^https:\/\/news\.example\.com\//);
      expect(result.title).toContain("Jane Doe Acme Ventures");
      expect(result.content).not.toBe("");
      expect(result.score).toBeGreaterThan(0);
      expect(result.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(result.publishedAt!)).toBeGreaterThan(tenDaysAgo);
    }
  });

  it("restricts a LinkedIn query to linkedin.com and passes the caller's limits", async () => {
    await search().search("Jane Doe Acme Ventures LinkedIn post", {
      includeDomains: ["linkedin.com"],
      days: 7,
      maxResults: 3,
    });
    expect(fake.requests[0]!.body).toMatchObject({
      include_domains: ["linkedin.com"],
      days: 7,
      max_results: 3,
      topic: "news",
    });
  });

  it("counts the credits Tavily reports, and one when it reports none", async () => {
    fake.queue({ json: { results: [], usage: { credits: 2 } } }, { json: { results: [] } });
    expect((await search().search("a")).credits).toBe(2);
    expect((await search().search("b")).credits).toBe(1);
  });

  it("keeps only http(s) links and tolerates missing dates", async () => {
    const result = (url: string, published_date?: string | null) => ({
      url,
      title: "t",
      content: "c",
      score: 0.5,
      published_date,
    });
    fake.queue({
      json: {
        results: [
          result("javascript:alert(1)"),
          result("ftp://files.example.com/a"),
          result("not a url"),
          result("data:text/html,hi"),
          result("http://plain.example.com/a", null),
          result("https://secure.example.com/b", "someday"),
        ],
      },
    });
    const answer = await search().search("links");
    expect(answer.results.map((r) => r.url)).toEqual(["http://plain.example.com/a", "https://secure.example.com/b"]);
    expect(answer.results.map((r) => r.publishedAt)).toEqual([null, null]);
  });

  it("honours Retry-After on a 429, then succeeds", async () => {
    fake.queue(tavilyError(429, "Your request has been blocked due to excessive requests.", { "Retry-After": "3" }));
    const answer = await search().search("busy");
    expect(waits).toEqual([3_000]);
    expect(fake.requests).toHaveLength(2);
    expect(answer.results).toHaveLength(2);
  });

  it("retries a 500 and gives up with 'server' after retries + 1 requests", async () => {
    fake.respond(() => tavilyError(500, "Internal Server Error"));
    const error = await failure(search({ retries: 2 }).search("down"));
    expect(error.failure).toBe("server");
    expect(fake.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("reports a slow answer as a timeout", async () => {
    fake.respond(() => ({ delayMs: 2_000, json: { results: [] } }));
    const error = await failure(search({ timeoutMs: 200, retries: 1 }).search("slow"));
    expect(error.failure).toBe("timeout");
    expect(fake.requests).toHaveLength(2);
  });

  it("reports broken JSON as malformed, without retrying", async () => {
    fake.respond(() => ({ raw: "<html>oops</html>", headers: { "content-type": "application/json" } }));
    const error = await failure(search().search("broken"));
    expect(error.failure).toBe("malformed");
    expect(fake.requests).toHaveLength(1);
  });

  it("stops reading an answer past its size cap, as malformed, without retrying", async () => {
    // 64 MB streamed without a length: read whole, 300 MB took the server from 115 MB to 1 GB of RSS.
    const endless = await startEndlessServer({ head: '{"results":[', chunk: `"${"x".repeat(65_534)}",`, totalBytes: 64 * 1024 * 1024 });
    try {
      const refused = await failure(createTavilySearch({ apiKey: API_KEY, baseUrl: endless.url, sleep }).search("Jane Doe"));
      expect(refused.failure).toBe("malformed");
      expect(refused.message).toContain("larger than");
      expect(endless.bytesSent()).toBeLessThan(16 * 1024 * 1024);
    } finally {
      await endless.close();
    }
  });

  it("reports an unexpected shape as malformed, without retrying", async () => {
    fake.respond(() => ({ json: { results: "nothing here" } }));
    const error = await failure(search().search("odd"));
    expect(error.failure).toBe("malformed");
    expect(fake.requests).toHaveLength(1);
  });

  it("keeps the good results when one result is odd", async () => {
    fake.respond(() => ({
      json: {
        results: [
          { url: "https://x.example.com/a", title: 3, content: "odd title", score: 0.5, published_date: 1_700_000_000 },
          { title: "no url at all" },
          { url: "https://x.example.com/b", title: "fine", content: "fine", score: 0.4, published_date: "Tue, 03 Jun 2025 12:00:00 GMT" },
        ],
      },
    }));
    const response = await search().search("odd");
    expect(response.results.map((result) => result.url)).toEqual(["https://x.example.com/a", "https://x.example.com/b"]);
    expect(response.results[0]).toMatchObject({ title: "", publishedAt: null });
    expect(response.results[1]!.publishedAt).toBe("2025-06-03T12:00:00.000Z");
  });

  it("reports a rejected key as auth, once, without echoing the key", async () => {
    const error = await failure(search({ apiKey: "tvly-wrong-key-000" }).search("who"));
    expect(error.failure).toBe("auth");
    expect(error.message).not.toContain("tvly-wrong-key-000");
    expect(fake.requests).toHaveLength(1);
  });

  it("treats an exhausted plan (432) as needing a person, not a retry", async () => {
    fake.respond(() => tavilyError(432, "This request exceeds your plan's set usage limit."));
    const error = await failure(search().search("quota"));
    expect(error.failure).toBe("auth");
    expect(fake.requests).toHaveLength(1);
  });

  it.each([400, 422])("reports %i as bad_request, once", async (status) => {
    fake.respond(() => tavilyError(status, "Invalid topic"));
    const error = await failure(search().search("bad"));
    expect(error.failure).toBe("bad_request");
    // Our words only: Tavily's text could echo the key.
    expect(error.message).toBe(`Tavily refused the request (${status})`);
    expect(fake.requests).toHaveLength(1);
  });

  it("reports an unreachable server as a network failure", async () => {
    const gone = await startFakeTavily();
    const url = gone.url;
    await gone.close();
    const error = await failure(createTavilySearch({ apiKey: API_KEY, baseUrl: url, retries: 1, sleep }).search("nobody home"));
    expect(error.failure).toBe("network");
    expect(waits).toHaveLength(1);
  });
});
