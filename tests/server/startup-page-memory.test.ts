import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { text } from "node:stream/consumers";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedExport } from "#tests/helpers/export-seed.ts";
import { processMemory } from "#tests/helpers/process-memory.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { sqlNumber } from "#tests/helpers/sql.ts";

const PASSCODE = "startup-page-memory-passcode";
const ADMIN = { "x-admin-passcode": PASSCODE };
const SMALL = 1_000;
const LARGE = 30_000;
/** The page's HTML, whatever the number of investors: fifty rows a list and the rest of the page. */
const MAX_BYTES = 400_000;
/** How much more the server's peak may be while it draws the page for 30,000 investors than for 1,000. */
const MORE_MIB = 20;

/**
 * A startup's page put every investor's ranking input in its hydration data: at 25,066 investors
 * 14.96 MB of HTML, 208 MiB peak RSS; at 30,066 the built server (old space 96 MB) died out of
 * heap. Now the page reads one page of each list (decision 071): at 30,000 investors it answers
 * 200 with HTML under 400 KB, the server lives, and its peak is within 20 MiB of the same page's
 * at 1,000. The peak is the kernel's high-water mark (VmHWM), set back before each request.
 */
describe("a startup's page does not grow with the pipeline", () => {
  let server: RunningServer;
  let startupId = 0;
  const peaks: Record<string, number> = {};
  const sizes: Record<string, string> = {};

  /**
   * A GET on a connection of its own: a kept-alive one may be closed by the server while the test
   * seeds, and the next request on it fails with "other side closed".
   */
  function get(path: string): Promise<{ status: number; html: string }> {
    return new Promise((resolve, reject) => {
      const target = new URL(path, server.url);
      const req = httpRequest({ host: target.hostname, port: target.port, path, agent: false, headers: ADMIN }, (res) => {
        text(res).then((html) => resolve({ status: res.statusCode ?? 0, html }), reject);
      });
      req.on("error", reject);
      req.end();
    });
  }

  /** `times` requests for the page back to back: the last one's status and HTML, and the peak RSS (MiB) over them. */
  async function page(path: string, times = 1): Promise<{ status: number; html: string; peak: number }> {
    writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
    let status = 0;
    let html = "";
    for (let i = 0; i < times; i++) ({ status, html } = await get(path));
    return { status, html, peak: processMemory(server.pid).peak };
  }

  beforeAll(async () => {
    const path = join(mkdtempSync(join(tmpdir(), "ipi-startup-page-")), "app.db");
    seedExport(path, { investors: SMALL, startups: 1 });
    startupId = sqlNumber(path, "select min(id) from startups where is_demo = 0");
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: path });
  }, 60_000);
  afterAll(async () => {
    console.info(`startup page peaks (MiB): ${JSON.stringify(peaks)}; bytes and time: ${JSON.stringify(sizes)}`);
    await server?.stop();
  });

  it(`/startups/:id with ${LARGE.toLocaleString("en")} investors: 200, under ${MAX_BYTES / 1000} KB, within ${MORE_MIB} MiB of the peak at ${SMALL.toLocaleString("en")}`, async () => {
    // Once to warm the process (the first page compiles the code on the way), then measured over 5.
    await page(`/startups/${startupId}`);
    const small = await page(`/startups/${startupId}`, 5);
    expect(small.status).toBe(200);
    peaks.small = small.peak;
    sizes.small = `${Buffer.byteLength(small.html)} B`;

    seedExport(server.databasePath, { investors: LARGE - SMALL, startups: 1 });
    expect(sqlNumber(server.databasePath, "select count(*) from investors where is_demo = 0")).toBe(LARGE);
    const started = performance.now();
    const large = await page(`/startups/${startupId}`);
    sizes.large = `${Buffer.byteLength(large.html)} B in ${(performance.now() - started).toFixed(0)} ms`;
    peaks.large = large.peak;
    expect(large.status).toBe(200);
    expect(Buffer.byteLength(large.html)).toBeLessThan(MAX_BYTES);
    // React marks where one text joins the next (<!-- -->); the words are read without the marks.
    expect(large.html.replaceAll("<!-- -->", "").includes(`${LARGE.toLocaleString("en")} investors in all`)).toBe(true);
    // More of the ranking is a plain link, so it works without JavaScript.
    expect(large.html.includes(`href="/startups/${startupId}?page=2"`)).toBe(true);
    expect((await get("/api/health")).status).toBe(200);
    expect(large.peak).toBeLessThan(small.peak + MORE_MIB);

    // A later page of the ranking reads only its own rows too.
    const later = await page(`/startups/${startupId}?page=300`);
    expect(later.status).toBe(200);
    expect(later.html.includes(`href="/startups/${startupId}?page=299"`)).toBe(true);
    expect(Buffer.byteLength(later.html)).toBeLessThan(MAX_BYTES);
    expect(later.peak).toBeLessThan(small.peak + MORE_MIB);
  }, 600_000);
});
