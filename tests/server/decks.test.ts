import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DECK_REFUSALS, MAX_DECK_BYTES, MAX_DECK_PAGES, RENDER_RSS_LIMIT_MIB } from "#app/domain/decks.ts";
import { deckPdf, flateBombPdf, heavyDeckPdf, hugeImagePdf, malformedPdf, recursivePdf, titledDeckPdf } from "#tests/helpers/decks.ts";
import { processMemory } from "#tests/helpers/process-memory.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { sqlNumber, sqlText, sqlValue } from "#tests/helpers/sql.ts";

const PASSCODE = "decks-passcode";
/** The server's own resident set must stay under this while decks render beside it (decision 067). */
const SERVER_RSS_LIMIT_MIB = 200;

/**
 * Decks on the built server with its production heap flags (decision 067): real PDFs made here
 * (10, 40, 80 pages) rendered by the child process, each one's time and the renderer's peak
 * memory printed, the server's own memory under its limit; the hostile ones (malformed, an image
 * claiming 60,000 × 60,000, a page box of a kilometre, drawing instructions that unpack to 39 MB,
 * a form that draws itself, 81 pages, 31 MB) refused in words naming the limit, /api/health
 * answering after each.
 */
describe("decks on the built server", () => {
  let server: RunningServer;
  let startupId: number;
  let serverPeak = 0;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const created = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
      body: JSON.stringify({ name: "Deck Co", pitch: "Decks rendered once", sector: "devtools", stage: "seed" }),
    });
    expect(created.status).toBe(201);
    startupId = sqlNumber(server.databasePath, "select id from startups where name = 'Deck Co'");
  });
  afterAll(async () => server?.stop());

  function upload(bytes: Uint8Array, name = "deck.pdf"): Promise<Response> {
    const form = new FormData();
    form.set("deck", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
    return fetch(`${server.url}/startups/${startupId}/deck`, {
      method: "POST",
      redirect: "manual",
      headers: { "x-admin-passcode": PASSCODE },
      body: form,
    });
  }

  function newestVersion(): { number: number; status: string; refusal: string | null; pages: number | null } {
    const number = sqlNumber(server.databasePath, "select max(number) from deck_versions");
    return {
      number,
      status: sqlText(server.databasePath, "select status from deck_versions where number = ?", number),
      refusal: (sqlValue(server.databasePath, "select refusal from deck_versions where number = ?", number) as string | null) ?? null,
      pages: (sqlValue(server.databasePath, "select pages from deck_versions where number = ?", number) as number | null) ?? null,
    };
  }

  /** Uploads, then waits (polling the file, the server's memory noted) until the version is no longer rendering. */
  async function uploadAndWait(bytes: Uint8Array, name?: string) {
    const answer = await upload(bytes, name);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain("deck_notice=");
    await vi.waitFor(
      () => {
        serverPeak = Math.max(serverPeak, processMemory(server.pid).rss);
        expect(newestVersion().status).not.toBe("rendering");
      },
      { timeout: 170_000, interval: 50 },
    );
    return newestVersion();
  }

  async function expectHealthy() {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  }

  /**
   * The render's time and the renderer's peak memory, from the server's one log line for it. The
   * line is written just after the version is marked ready, through a pipe: it is waited for (CI
   * once read the output between the two and found no line).
   */
  async function renderLine(version: number): Promise<{ ms: number; peak: number }> {
    const id = sqlNumber(server.databasePath, "select id from deck_versions where number = ?", version);
    const line = await vi.waitFor(
      () => {
        const found = server
          .output()
          .split("\n")
          .find((text) => new RegExp(`deck (rendered|refused) version=${id} `).test(text));
        expect(found, `the log line of version ${version}`).toBeDefined();
        return found!;
      },
      { timeout: 10_000, interval: 20 },
    );
    return { ms: Number(/ ms=(\d+)/.exec(line)?.[1]), peak: Number(/ peak_rss_mib=(\d+)/.exec(line)?.[1]) };
  }

  it.each([10, 40, MAX_DECK_PAGES])(
    "renders a %i-page deck, each page stored as WebP and served to the team",
    async (pages) => {
      const version = await uploadAndWait(deckPdf(pages), `deck-${pages}.pdf`);
      expect(version).toMatchObject({ status: "ready", refusal: null, pages });
      expect(
        sqlNumber(
          server.databasePath,
          "select count(*) from deck_pages p join deck_versions v on v.id = p.version_id where v.number = ?",
          version.number,
        ),
      ).toBe(pages);
      // Each page's heading is its title (the slides are headed "Slide 1" to "Slide N").
      expect(
        sqlText(
          server.databasePath,
          "select json_group_array(p.title) from (select title from deck_pages p join deck_versions v on v.id = p.version_id where v.number = ? order by p.number) p",
          version.number,
        ),
      ).toBe(JSON.stringify(Array.from({ length: pages }, (_, index) => `Slide ${index + 1}`)));
      const { ms, peak } = await renderLine(version.number);
      console.log(
        `${pages} pages: rendered in ${ms} ms, renderer peak RSS ${peak} MiB, server RSS peak so far ${Math.round(serverPeak)} MiB`,
      );
      expect(peak).toBeLessThan(RENDER_RSS_LIMIT_MIB);

      const image = await fetch(`${server.url}/startups/${startupId}/deck/${version.number}/pages/${pages}.webp`, {
        headers: { "x-admin-passcode": PASSCODE },
      });
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(image.headers.get("cache-control")).toBe("private, max-age=86400");
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect(new TextDecoder("latin1").decode(bytes.subarray(8, 12))).toBe("WEBP");
      const etag = image.headers.get("etag")!;
      const again = await fetch(`${server.url}/startups/${startupId}/deck/${version.number}/pages/${pages}.webp`, {
        headers: { "x-admin-passcode": PASSCODE, "if-none-match": etag },
      });
      expect(again.status).toBe(304);
      // No page past the last, and nothing to a stranger.
      expect(
        (
          await fetch(`${server.url}/startups/${startupId}/deck/${version.number}/pages/${pages + 1}.webp`, {
            headers: { "x-admin-passcode": PASSCODE },
          })
        ).status,
      ).toBe(404);
      expect((await fetch(`${server.url}/startups/${startupId}/deck/${version.number}/pages/1.webp`, { redirect: "manual" })).status).toBe(
        302,
      );
      expect(serverPeak).toBeLessThan(SERVER_RSS_LIMIT_MIB);
    },
    180_000,
  );

  it("keeps each page's first line of text as its title: cleaned, at most 80 characters, none for a slide without text", async () => {
    const long = `Go-to-market   plan\tfor ${"the Nordics and beyond, ".repeat(6)}`;
    // A wide page, so the long heading is drawn whole (text off the page is not read).
    const version = await uploadAndWait(titledDeckPdf(["  Financials  ", null, long], [0, 0, 4000, 540]), "titled.pdf");
    expect(version.status).toBe("ready");
    const titles = (n: number) =>
      sqlValue(
        server.databasePath,
        "select p.title from deck_pages p join deck_versions v on v.id = p.version_id where v.number = ? and p.number = ?",
        version.number,
        n,
      );
    expect(titles(1)).toBe("Financials");
    expect(titles(2)).toBeNull();
    const third = titles(3) as string;
    expect(third.startsWith("Go-to-market plan for the Nordics and beyond")).toBe(true);
    expect(third.length).toBeLessThanOrEqual(80);
    expect(third).not.toMatch(/\s{2}|\t/);
  }, 60_000);

  it.each([
    ["a malformed PDF", () => malformedPdf(), /damaged/],
    ["an image claiming 60,000 × 60,000 pixels", () => hugeImagePdf(60_000, 60_000), /50 megapixels/],
    ["a page box a kilometre wide", () => deckPdf(1, [0, 0, 2_834_645, 540]), /200 inches/],
    ["drawing instructions that unpack to 39 MB (a zip bomb)", () => flateBombPdf(3_000_000), /more than 16 MB/],
    ["a form that draws itself (a recursive content stream)", () => recursivePdf(), /draws a picture inside itself/],
    [
      `a deck of ${MAX_DECK_PAGES + 1} pages`,
      () => deckPdf(MAX_DECK_PAGES + 1),
      new RegExp(`has ${MAX_DECK_PAGES + 1} pages; the most a deck may have is ${MAX_DECK_PAGES}`),
    ],
  ])(
    "refuses %s in words naming the limit, and the server answers after it",
    async (_what, make, words) => {
      const version = await uploadAndWait(make());
      expect(version.status).toBe("failed");
      expect(version.refusal).toMatch(words);
      expect(
        sqlNumber(
          server.databasePath,
          "select count(*) from deck_pages p join deck_versions v on v.id = p.version_id where v.number = ?",
          version.number,
        ),
      ).toBe(0);
      const page = await fetch(`${server.url}/startups/${startupId}`, { headers: { "x-admin-passcode": PASSCODE } });
      expect(await page.text()).toContain(version.refusal!.slice(0, 40).replaceAll("'", "&#x27;"));
      await expectHealthy();
    },
    60_000,
  );

  it("refuses a 31 MB file before saving anything, naming the 30 MB limit", async () => {
    const before = sqlNumber(server.databasePath, "select count(*) from deck_versions");
    const big = new Uint8Array(MAX_DECK_BYTES + 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const answer = await upload(big, "huge.pdf");
    expect(answer.status).toBe(303);
    expect(decodeURIComponent(answer.headers.get("location") ?? "")).toContain(DECK_REFUSALS.tooLarge);
    expect(sqlNumber(server.databasePath, "select count(*) from deck_versions")).toBe(before);
    await expectHealthy();
  });

  it("takes a deck just under 30 MB with the server's memory under its limit while it reads and renders it", async () => {
    const heavy = heavyDeckPdf(5, MAX_DECK_BYTES - 2 * 1024 * 1024);
    expect(heavy.byteLength).toBeLessThan(MAX_DECK_BYTES);
    expect(heavy.byteLength).toBeGreaterThan(MAX_DECK_BYTES - 3 * 1024 * 1024);
    let peak = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, processMemory(server.pid).rss);
    }, 20);
    try {
      const version = await uploadAndWait(heavy, "heavy.pdf");
      expect(version).toMatchObject({ status: "ready", pages: 5 });
    } finally {
      clearInterval(watch);
    }
    console.log(`a ${(heavy.byteLength / 1024 / 1024).toFixed(1)} MB deck: the server's RSS peaked at ${Math.round(peak)} MiB`);
    expect(peak).toBeLessThan(SERVER_RSS_LIMIT_MIB);
    expect(
      sqlNumber(
        server.databasePath,
        "select count(*) from deck_files f join deck_versions v on v.id = f.version_id where v.file_name = 'heavy.pdf'",
      ),
    ).toBe(Math.ceil(heavy.byteLength / (1024 * 1024)));
  });

  it("answers after an upload cut mid-way, and takes the next one", async () => {
    const notPdf = async () =>
      decodeURIComponent((await upload(new TextEncoder().encode("not a pdf"), "x.pdf")).headers.get("location") ?? "");
    const logged = server.output().length;
    const boundary = "----cut-upload";
    /** An upload whose body never ends until aborted: the server answers it only if it refuses it. */
    const startCut = () => {
      const controller = new AbortController();
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(
            new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="deck"; filename="cut.pdf"\r\n\r\n%PDF-1.7\n`),
          );
          stream.enqueue(new Uint8Array(256 * 1024));
          // Never closed: the connection is cut below.
        },
      });
      const state = { controller, answered: false, done: Promise.resolve() };
      state.done = fetch(`${server.url}/startups/${startupId}/deck`, {
        method: "POST",
        headers: { "x-admin-passcode": PASSCODE, "content-type": `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: "half",
        signal: controller.signal,
      } as RequestInit).then(
        () => {
          state.answered = true;
        },
        () => undefined,
      );
      return state;
    };
    let cut = startCut();
    // While the cut upload is being read, another is told to wait. A probe that came first took the
    // turn and the cut one was refused (CI saw it under load): then it is sent again.
    await vi.waitFor(
      async () => {
        if (cut.answered) {
          cut = startCut();
          throw new Error("the cut upload came while a probe was read, and was refused: sent again");
        }
        expect(await notPdf()).toContain(DECK_REFUSALS.busy);
      },
      { timeout: 20_000, interval: 50 },
    );
    cut.controller.abort();
    await cut.done;
    // …and once it is cut, the next is read again (here refused for what it is).
    await vi.waitFor(async () => expect(await notPdf()).toContain(DECK_REFUSALS.notPdf), { timeout: 10_000, interval: 50 });
    await expectHealthy();
    // Nothing was logged as an error on the way.
    expect(server.output().slice(logged)).not.toMatch(/^\S+ error /m);
  }, 40_000);

  it("refuses a file that is not a PDF", async () => {
    const answer = await upload(new TextEncoder().encode("Name,Firm\nAda,Fund"), "list.csv");
    expect(decodeURIComponent(answer.headers.get("location") ?? "")).toContain(DECK_REFUSALS.notPdf);
  });

  it("streams the original only once its download is allowed, and records who allowed it", async () => {
    const version = await uploadAndWait(deckPdf(3), "download.pdf");
    const url = `${server.url}/startups/${startupId}/deck/${version.number}/download`;
    expect((await fetch(url, { headers: { "x-admin-passcode": PASSCODE } })).status).toBe(403);
    const allow = await fetch(`${server.url}/startups/${startupId}/deck`, {
      method: "POST",
      redirect: "manual",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "download", version: String(version.number), allow: "true" }),
    });
    expect(allow.status).toBe(303);
    const file = await fetch(url, { headers: { "x-admin-passcode": PASSCODE } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(sqlNumber(server.databasePath, "select bytes from deck_versions where number = ?", version.number));
    expect(new TextDecoder("latin1").decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(sqlNumber(server.databasePath, "select count(*) from activity where kind = 'deck' and detail like '%allowed download%'")).toBe(
      1,
    );
    expect(
      sqlNumber(server.databasePath, "select count(*) from activity where kind = 'deck' and actor_member_id is not null"),
    ).toBeGreaterThan(1);
  });
});
