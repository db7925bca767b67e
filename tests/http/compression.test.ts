import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressResponse, keptBody, negotiateEncoding, precompressStaticFiles } from "#app/http/compression.server.ts";

const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Investor ${i}` })) });

function get(acceptEncoding?: string, method = "GET") {
  return new Request("http://localhost/x", { method, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
}

describe("Accept-Encoding negotiation", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", null],
    ["*", "br"],
    ["*;q=0", null],
    ["", null],
    [undefined, null],
  ] as const)("%s → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("compressResponse", () => {
  it("compresses JSON with brotli, decoding to the same bytes, with Vary and a weak ETag", async () => {
    const response = await compressResponse(
      get("gzip, br"),
      new Response(big, { headers: { "content-type": "application/json", etag: '"abc"', vary: "Cookie" } }),
    );
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(response.headers.get("etag")).toBe('W/"abc"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    expect(brotliDecompressSync(bytes).toString()).toBe(big);
  });

  it("compresses a download as it streams: an endless body yields compressed bytes, pulled only as they are read", async () => {
    // Issue 35: downloads were read whole before compressing, so an export's size was the process's memory.
    let pulls = 0;
    let state = 7;
    const endless = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulls++;
            let text = "";
            for (let i = 0; i < 2048; i++) {
              state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
              text += state.toString(16);
            }
            controller.enqueue(new TextEncoder().encode(`{"row":"${text}"},\n`));
          },
        },
        { highWaterMark: 1 },
      );
    const headers = { "content-type": "application/json; charset=utf-8", "content-disposition": 'attachment; filename="x.json"' };
    for (const encoding of ["br", "gzip"]) {
      pulls = 0;
      const response = await compressResponse(get(encoding), new Response(endless(), { headers }));
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-length")).toBeNull();
      const reader = response.body!.getReader();
      let compressed = 0;
      while (compressed === 0) compressed += (await reader.read()).value?.byteLength ?? 0;
      expect(pulls).toBeGreaterThan(0);
      // About 16 KiB a pull: what was pulled is what the compressor needed to emit its first bytes
      // (gzip a few dozen KiB; brotli, with its 4 MiB window at quality 4, about 8 MiB), not the body.
      expect(pulls).toBeLessThan(1024);
      await reader.cancel();
    }
  }, 20_000);

  it("streams HTML through gzip", async () => {
    const html = `<!doctype html><p>${"Hello investors. ".repeat(200)}</p>`;
    const response = await compressResponse(get("gzip"), new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }));
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html);
  });

  it("leaves alone: tiny bodies, HEAD, 304, event streams, already encoded, no Accept-Encoding", async () => {
    const json = { "content-type": "application/json" };
    const cases: Array<[Request, Response]> = [
      [get("br"), new Response('{"ok":true}', { headers: json })],
      [get("br", "HEAD"), new Response(null, { headers: { "content-type": "text/html" } })],
      [get("br"), new Response(null, { status: 304, headers: { etag: '"abc"' } })],
      [get("br"), new Response("data: x\n\n".repeat(500), { headers: { "content-type": "text/event-stream" } })],
      [get("br"), new Response(big, { headers: { ...json, "content-encoding": "gzip" } })],
      [get(), new Response(big, { headers: json })],
    ];
    for (const [request, response] of cases) {
      const result = await compressResponse(request, response);
      expect(result.headers.get("content-encoding") ?? null).toBe(response.headers.get("content-encoding"));
    }
    // The uncompressed answer to a client that takes nothing still says it varies.
    expect((await compressResponse(get(), new Response(big, { headers: json }))).headers.get("vary")).toBe("Accept-Encoding");
  });
});

describe("one version, compressed once", () => {
  it("reuses the compressed body of an answer whose strong ETag it has seen", async () => {
    const headers = { "content-type": "application/json", etag: '"v1"' };
    const first = await compressResponse(get("br"), new Response(big, { headers }));
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(big);
    // Same URL and tag: the kept bytes are sent, not a fresh compression of this body.
    const other = big.replace("Investor 0", "Investor X");
    const second = await compressResponse(get("br"), new Response(other, { headers }));
    expect(brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(big);
    // A new tag is a new version.
    const third = await compressResponse(get("br"), new Response(other, { headers: { ...headers, etag: '"v2"' } }));
    expect(brotliDecompressSync(Buffer.from(await third.arrayBuffer())).toString()).toBe(other);
  });
});

describe("a kept body", () => {
  it("is answered as the kept bytes themselves, not a copy, and left as they were", async () => {
    const kept = new TextEncoder().encode(big);
    // `new Response(bytes)` copies a BufferSource whole (the fetch standard): once per answer.
    const copied = (await new Response(kept).body!.getReader().read()).value!;
    expect(copied.buffer).not.toBe(kept.buffer);
    const reader = keptBody(kept).getReader();
    const first = await reader.read();
    expect(first.value).toBe(kept);
    expect((await reader.read()).done).toBe(true);
    // Through a Response too, and twice: the same bytes each time, unchanged.
    for (let answer = 0; answer < 2; answer++) {
      const sent = (await new Response(keptBody(kept)).body!.getReader().read()).value!;
      expect(sent.buffer).toBe(kept.buffer);
    }
    expect(new TextDecoder().decode(kept)).toBe(big);
  });
});

describe("precompressStaticFiles", () => {
  it("writes .br and .gz beside files of 1 KB or more, once, skipping tiny and hidden files", async () => {
    const { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync, statSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "ipi-precompress-"));
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, ".vite"));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};`;
    writeFileSync(join(dir, "assets/app.js"), script);
    writeFileSync(join(dir, "assets/tiny.css"), "a{color:red}");
    writeFileSync(join(dir, "assets/logo.png"), Buffer.alloc(4096));
    writeFileSync(join(dir, ".vite/manifest.json"), JSON.stringify({ big: "x".repeat(4096) }));

    expect(await precompressStaticFiles(dir)).toEqual({ files: 1, written: 2 });
    expect(brotliDecompressSync(readFileSync(join(dir, "assets/app.js.br"))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, "assets/app.js.gz"))).toString()).toBe(script);
    for (const skipped of ["assets/tiny.css.br", "assets/logo.png.br", ".vite/manifest.json.br"])
      expect(existsSync(join(dir, skipped))).toBe(false);

    // Up to date: nothing is compressed again.
    const before = statSync(join(dir, "assets/app.js.br")).mtimeMs;
    expect(await precompressStaticFiles(dir)).toEqual({ files: 1, written: 0 });
    expect(statSync(join(dir, "assets/app.js.br")).mtimeMs).toBe(before);
  });
});
