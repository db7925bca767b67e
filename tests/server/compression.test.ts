import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "#tests/helpers/session.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { importCsv } from "#tests/helpers/http.ts";

const PASSCODE = "compression-passcode";

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A plain node:http request: fetch() would decode the body, and the test needs the bytes on the wire. */
function raw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decode(response: Raw): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  return response.body;
}

/** Pages carry a fresh CSP nonce per request; everything else must be byte for byte the same. */
function withoutNonces(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'");
}

describe("compressed responses", () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    cookie = await signIn(server.url, PASSCODE);
    // Enough investors that the search feed is well over 1 KB.
    const csv = [
      "name,firm,email,sectors",
      ...Array.from({ length: 40 }, (_, i) => `Investor ${i},Firm ${i % 7},i${i}@fund${i}.example.com,fintech;climate`),
    ].join("\n");
    expect((await importCsv(server, csv, { as: { passcode: PASSCODE } })).status).toBe(303);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("sends the dashboard's HTML as brotli, or gzip when that is all the client takes, and it decodes to the same page", async () => {
    const plain = await raw(`${server.url}/`, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);

    const br = await raw(`${server.url}/`, { cookie, "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(withoutNonces(decode(br).toString())).toBe(withoutNonces(plain.body.toString()));

    const gzip = await raw(`${server.url}/`, { cookie, "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(withoutNonces(decode(gzip).toString())).toBe(withoutNonces(plain.body.toString()));

    // A client that prefers gzip gets gzip.
    expect((await raw(`${server.url}/`, { cookie, "accept-encoding": "br;q=0.5, gzip" })).headers["content-encoding"]).toBe("gzip");
  });

  it("compresses the search feed, keeps its ETag usable for a 304, and leaves the 304 alone", async () => {
    const plain = await raw(`${server.url}/api/search-feed`, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString()).items).toHaveLength(40);

    const br = await raw(`${server.url}/api/search-feed`, { cookie, "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Cookie, Accept-Encoding/);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(decode(br).equals(plain.body)).toBe(true);

    // The compressed answer's tag is the weak form of the plain one; both get a 304.
    expect(br.headers.etag).toBe(`W/${plain.headers.etag}`);
    for (const tag of [br.headers.etag as string, plain.headers.etag as string]) {
      const again = await raw(`${server.url}/api/search-feed`, { cookie, "accept-encoding": "gzip, br", "if-none-match": tag });
      expect(again.status).toBe(304);
      expect(again.headers["content-encoding"]).toBeUndefined();
      expect(again.body.length).toBe(0);
    }
  });

  it("sends tiny JSON (under 1 KB) as it is", async () => {
    const health = await raw(`${server.url}/api/health`, { "accept-encoding": "gzip, br" });
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(health.body.toString()).status).toBe("ok");
  });

  it("does not compress a HEAD", async () => {
    const head = await raw(`${server.url}/`, { cookie, "accept-encoding": "gzip, br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
  });

  it("serves the JS and CSS the page loads precompressed, decoding to the same bytes, with 304s per encoding", {
    timeout: 90_000,
  }, async () => {
    const html = (await raw(`${server.url}/`, { cookie })).body.toString();
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(scripts.length).toBeGreaterThan(0);
    expect(css).toBeDefined();
    // The largest script (React's runtime) and the stylesheet.
    const sized = await Promise.all(scripts.map(async (path) => ({ path, size: (await raw(server.url + path)).body.length })));
    const biggest = sized.sort((a, b) => b.size - a.size)[0]!.path;

    // The build writes the pairs; were any missing, the server writes them in the background.
    await expect
      .poll(async () => (await raw(server.url + css!, { "accept-encoding": "br" })).headers["content-encoding"], {
        message: "static files were never served compressed",
        timeout: 60_000,
        interval: 200,
      })
      .toBe("br");
    for (const path of [biggest, css!]) {
      const plain = await raw(server.url + path);
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      for (const [accept, encoding] of [
        ["gzip, br", "br"],
        ["gzip", "gzip"],
      ] as const) {
        const compressed = await raw(server.url + path, { "accept-encoding": accept });
        expect(compressed.headers["content-encoding"], path).toBe(encoding);
        expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
        expect(compressed.headers["content-type"]).toBe(path.endsWith(".css") ? "text/css" : "text/javascript");
        expect(compressed.headers["cache-control"]).toMatch(/immutable/);
        expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
        expect(decode(compressed).equals(plain.body)).toBe(true);
        const revalidated = await raw(server.url + path, { "accept-encoding": accept, "if-none-match": compressed.headers.etag as string });
        expect(revalidated.status).toBe(304);
      }
    }
  });
});
