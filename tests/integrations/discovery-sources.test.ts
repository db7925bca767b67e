import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "#app/config.server.ts";
import { investorKey } from "#app/domain/discovery/names.ts";
import { dealSearchQueries } from "#app/domain/discovery/queries.ts";
import { mergeDeals } from "#app/domain/discovery/same-deal.ts";
import { readDeals } from "#app/integrations/discovery/deal-model.server.ts";
import { fetchFeed, MAX_FEED_BYTES } from "#app/integrations/discovery/feeds.server.ts";
import { discoverySourcesFromConfig } from "#app/integrations/discovery/sources.server.ts";
import { createGdeltSource, gdeltQuery, gdeltSpacing } from "#app/integrations/discovery/gdelt.server.ts";
import { searchDealNews } from "#app/integrations/discovery/news-search.server.ts";
import { IntegrationError } from "#app/integrations/errors.ts";
import { createTavilySearch } from "#app/integrations/search.server.ts";
import {
  atomFeed,
  busyReply,
  rssFeed,
  startEndlessServer,
  startFakeFeeds,
  startFakeGdelt,
  startFakeTavily,
  tavilyError,
} from "#tests/fakes/index.ts";
import type { FakeFeeds, FakeGdelt, FakeTavily, FeedEntry } from "#tests/fakes/index.ts";
import { readAnnouncements } from "#tests/helpers/announcements.ts";

const announcements = readAnnouncements().slice(0, 20);
const entries: FeedEntry[] = announcements.map((announcement, index) => ({
  id: `urn:funding:${index}`,
  title: announcement.title,
  html: `<p>${announcement.text.replace("raised", "<strong>raised</strong>")}</p><script>alert("x")</script>`,
  url: `https://news.example.com/funding/${index}`,
  date: "2026-11-20T09:00:00Z",
}));

async function failure(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => expect.fail("should have failed"),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

describe("feeds against a fake publisher", () => {
  let feeds: FakeFeeds;
  beforeAll(async () => {
    feeds = await startFakeFeeds();
  });
  afterAll(() => feeds.close());
  beforeEach(() => feeds.reset());

  it("reads an RSS feed of 20 items as plain text, and the rules find the deals each one announces", async () => {
    feeds.publish("venture", rssFeed(entries));
    const fetched = await fetchFeed(feeds.feedUrl("venture"));
    expect(fetched.notModified).toBe(false);
    expect(fetched.items).toHaveLength(20);
    expect(fetched.items[0]).toMatchObject({
      source: "feed",
      key: "urn:funding:0",
      url: "https://news.example.com/funding/0",
      published_on: "2026-11-20",
    });
    expect(fetched.items[0]?.text).not.toMatch(/<|alert/);
    expect(fetched.items[0]?.text).toContain("Berlin-based Finlo has raised a $3 million seed round");

    const reading = await readDeals(fetched.items, undefined);
    announcements.forEach((announcement, index) => {
      const deals = reading.deals.get(`urn:funding:${index}`) ?? [];
      expect(deals.map((deal) => deal.company)).toEqual([announcement.company]);
      const names = new Set(deals.flatMap((deal) => [...deal.leads, ...deal.participants]).map(investorKey));
      expect(names).toEqual(new Set([...announcement.leads, ...announcement.participants].map(investorKey)));
    });
  });

  it("sends the remembered ETag and Last-Modified back and reads nothing from a 304", async () => {
    feeds.publish("venture", rssFeed(entries.slice(0, 2)));
    const first = await fetchFeed(feeds.feedUrl("venture"));
    expect(first.etag).toMatch(/^"v\d+"$/);
    expect(first.lastModified).toMatch(/GMT$/);
    const second = await fetchFeed(feeds.feedUrl("venture"), { etag: first.etag, lastModified: first.lastModified });
    expect(feeds.requests[1]?.headers["if-none-match"]).toBe(first.etag);
    expect(feeds.requests[1]?.headers["if-modified-since"]).toBe(first.lastModified);
    expect(second).toEqual({ items: [], etag: first.etag, lastModified: first.lastModified, notModified: true });

    feeds.publish("venture", rssFeed(entries.slice(0, 3)));
    const third = await fetchFeed(feeds.feedUrl("venture"), { etag: first.etag, lastModified: first.lastModified });
    expect(third.notModified).toBe(false);
    expect(third.items).toHaveLength(3);
    expect(third.etag).not.toBe(first.etag);
  });

  it("reads an Atom feed", async () => {
    feeds.publish("atom", atomFeed(entries.slice(0, 3)));
    const fetched = await fetchFeed(feeds.feedUrl("atom"));
    expect(fetched.items.map((item) => item.url)).toEqual(entries.slice(0, 3).map((entry) => entry.url));
    expect(fetched.items[1]?.text).toContain("Harbor Health");
  });

  it("refuses a feed that streams past the size cap without saying its length", async () => {
    // Chunked, no Content-Length: the cap must hold as the bytes arrive, not only on a declared length.
    const body = rssFeed(entries.slice(0, 1));
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/rss+xml" });
      for (let at = 0; at < body.length; at += 100) response.write(body.slice(at, at + 100));
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(body.length).toBeGreaterThan(600);
      const refused = await failure(fetchFeed(`http://127.0.0.1:${port}/feed`, {}, { maxBytes: 500 }));
      expect(refused.message).toContain("larger than");
      // The same feed under a cap it fits is read.
      expect((await fetchFeed(`http://127.0.0.1:${port}/feed`, {}, { maxBytes: 1_000_000 })).items).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a feed past the size cap, one too slow, one that is not a feed, and a 404", async () => {
    feeds.publish("huge", rssFeed([{ ...entries[0]!, html: "x".repeat(MAX_FEED_BYTES + 10) }]));
    expect((await failure(fetchFeed(feeds.feedUrl("huge")))).message).toContain("larger than");
    feeds.publish("slow", rssFeed(entries.slice(0, 1)));
    feeds.queue({ delayMs: 2_000, raw: rssFeed(entries.slice(0, 1)) });
    expect((await failure(fetchFeed(feeds.feedUrl("slow"), {}, { timeoutMs: 200 }))).failure).toBe("timeout");
    feeds.publish("html", "<html><body>Just a page</body></html>");
    expect((await failure(fetchFeed(feeds.feedUrl("html")))).failure).toBe("malformed");
    expect((await failure(fetchFeed(feeds.feedUrl("missing")))).failure).toBe("bad_request");
  });

  it("stops a billion-laughs DOCTYPE at the entity limits", async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "lollollollollollollollollollol">${Array.from(
      { length: 9 },
      (_, index) => `<!ENTITY ${String.fromCharCode(98 + index)} "${`&${String.fromCharCode(97 + index)};`.repeat(10)}">`,
    ).join("")}]><rss version="2.0"><channel><item><title>&j;</title><link>https://news.example.com/x</link></item></channel></rss>`;
    feeds.publish("laughs", laughs);
    const outcome = await fetchFeed(feeds.feedUrl("laughs")).then(
      (fetched) => fetched.items.reduce((sum, item) => sum + item.title.length, 0),
      (error: unknown) => (error instanceof IntegrationError ? 0 : Number.NaN),
    );
    expect(outcome).toBeLessThanOrEqual(500);
  });
});

describe("Tavily news search from a rubric", () => {
  let tavily: FakeTavily;
  beforeAll(async () => {
    tavily = await startFakeTavily({ apiKey: "tvly-key" });
  });
  afterAll(() => tavily.close());
  beforeEach(() => tavily.reset());
  const search = () => createTavilySearch({ apiKey: "tvly-key", baseUrl: tavily.url, retries: 0 });

  it("makes queries of sector × stage × geography, each startup's best first", () => {
    expect(
      dealSearchQueries([
        { sector_keywords: ["fintech", "payments"], stages: ["seed"], geographies: ["Germany"] },
        { sector_keywords: ["climate"], stages: ["pre_seed", "series_a"], geographies: [] },
      ]).slice(0, 3),
    ).toEqual([
      "fintech Seed funding round led by Germany",
      "climate Pre-seed funding round led by",
      "payments Seed funding round led by Germany",
    ]);
  });

  it("asks for the last 7 days of news and counts the credits, within the budget", async () => {
    const batch = await searchDealNews(search(), ["fintech seed", "climate seed", "health seed"], 2);
    expect(tavily.requests).toHaveLength(2);
    expect(tavily.requests[0]?.body).toMatchObject({ query: "fintech seed", topic: "news", days: 7, max_results: 10 });
    expect(batch.credits).toBe(2);
    expect(batch.later).toBe(false);
    expect(batch.items.length).toBe(4);
    expect(batch.items[0]).toMatchObject({ source: "tavily" });
    expect(batch.items[0]?.published_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("keeps the credits already spent when a later query is refused", async () => {
    tavily.queue({ json: { results: [], usage: { credits: 1 } } }, tavilyError(429, "Too many requests"));
    const batch = await searchDealNews(search(), ["a", "b", "c"], 10);
    expect(batch).toMatchObject({ credits: 1, later: true });
  });
});

describe("GDELT DOC 2.0 against a fake", () => {
  let gdelt: FakeGdelt;
  beforeAll(async () => {
    gdelt = await startFakeGdelt();
  });
  afterAll(() => gdelt.close());
  beforeEach(() => gdelt.reset());

  function source() {
    let clock = 1_000_000;
    const waits: number[] = [];
    const gdeltSource = createGdeltSource({
      baseUrl: gdelt.url,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      spacing: gdeltSpacing(),
    });
    return { gdeltSource, waits, advance: (ms: number) => (clock += ms) };
  }

  it("keeps 5 s between two sources of the same endpoint, as two runs one after another make them", async () => {
    // A clock far past the other tests' requests: the process's spacing for this endpoint is shared.
    let clock = 10 ** 12;
    const waits: number[] = [];
    const make = () =>
      createGdeltSource({
        baseUrl: gdelt.url,
        now: () => clock,
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
      });
    await make().search("fintech");
    clock += 1_000;
    await make().search("insurtech");
    expect(waits).toEqual([4_000]);
    expect(gdelt.requests).toHaveLength(2);
  });

  it("asks for ArtList as JSON over 7 days, and waits 5 s between requests", async () => {
    const { gdeltSource, waits, advance } = source();
    const batch = await gdeltSource.search(gdeltQuery("insurtech"));
    const params = new URL(gdelt.requests[0]!.path, "http://x").searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ mode: "ArtList", format: "json", timespan: "7d" });
    expect(params.get("query")).toBe('"insurtech" (raises OR "funding round" OR "led by") sourcelang:english');
    expect(batch).toMatchObject({ credits: 0, later: false });
    expect(batch.items[0]).toMatchObject({ source: "gdelt", title: expect.stringContaining("Orso raises"), text: "" });
    advance(1_200);
    await gdeltSource.search("fintech");
    expect(waits).toEqual([3_800]);
  });

  it("reads a 429 and GDELT's HTML 'please limit requests' page as later, not a failure", async () => {
    const { gdeltSource } = source();
    gdelt.queue({ status: 429, raw: "Too many requests" }, busyReply());
    expect(await gdeltSource.search("fintech")).toEqual({ items: [], credits: 0, later: true });
    expect(await gdeltSource.search("fintech")).toEqual({ items: [], credits: 0, later: true });
  });

  it("stops reading an answer past its size cap instead of holding it whole", async () => {
    // 64 MB of one JSON answer, streamed without a length: read whole, it was 1 GB of RSS at 300 MB.
    const endless = await startEndlessServer({ head: '{"articles":[', chunk: `"${"x".repeat(65_534)}",`, totalBytes: 64 * 1024 * 1024 });
    try {
      const refused = await failure(createGdeltSource({ baseUrl: endless.url }).search("fintech"));
      expect(refused.failure).toBe("malformed");
      expect(refused.message).toContain("larger than");
      expect(endless.bytesSent()).toBeLessThan(16 * 1024 * 1024);
    } finally {
      await endless.close();
    }
  });

  it("the same round from a feed and from GDELT is one deal", async () => {
    const { gdeltSource } = source();
    const fromGdelt = (await gdeltSource.search("insurtech")).items;
    const fromFeed = [
      {
        source: "feed" as const,
        key: "orso",
        url: "https://sifted.example.com/orso",
        title: "Paris-based Orso raises €6m for embedded insurance",
        text: "Orso, a Paris-based embedded insurance startup, has raised €6m in a seed round led by Daphni. Kima Ventures and Side Capital also took part in the round.",
        published_on: fromGdelt[0]?.published_on ?? null,
      },
    ];
    const reading = await readDeals([...fromFeed, ...fromGdelt], undefined);
    const merged = mergeDeals([...reading.deals.values()].flat());
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ company: "Orso", amount: 6_000_000, currency: "EUR", leads: ["Daphni"] });
    expect(merged[0]?.participants).toEqual(["Kima Ventures", "Side Capital"]);
  });
});

describe("discoverySourcesFromConfig", () => {
  it("turns Tavily on only with a key and a budget, and GDELT off when asked", () => {
    const plain = discoverySourcesFromConfig(parseConfig({}));
    expect(plain.feeds).toHaveLength(4);
    expect(plain.searchNews).toBeUndefined();
    expect(plain.gdelt).toBeDefined();
    const keyed = discoverySourcesFromConfig(parseConfig({ TAVILY_API_KEY: "k", DISCOVERY_GDELT: "false" }));
    expect(keyed.searchNews).toBeDefined();
    expect(keyed.weeklyCredits).toBe(30);
    expect(keyed.gdelt).toBeUndefined();
    expect(discoverySourcesFromConfig(parseConfig({ TAVILY_API_KEY: "k", DISCOVERY_CREDIT_BUDGET: "0" })).searchNews).toBeUndefined();
  });
});
