import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Duplex } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Compressed responses (docs/product.md#pages): brotli or gzip, as the client's Accept-Encoding allows, for
 * HTML, JSON, JS, CSS (and CSV, SVG, plain text). Static files are compressed once at start and
 * served by sirv as they are; pages and API answers are compressed as they leave (root middleware).
 */
export type Encoding = "br" | "gzip";

/** Bodies under this size are sent as they are: compression would save less than its headers. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE =
  /^(?:text\/(?:html|css|javascript|plain|csv|x-script)|application\/(?:json|javascript|manifest\+json|xml)|image\/svg\+xml)\b/i;
/** Streamed as they are produced (a page renders in chunks); the others are compressed whole. */
const STREAMED = /^(?:text\/html|text\/x-script)\b/i;
/**
 * A download (an attachment: the exports, decision 056) streams from the database a chunk at a
 * time, for any size: it is compressed as it streams, never read whole, and not flushed per
 * chunk (nobody watches it arrive, and a flush costs ratio).
 */
const DOWNLOAD = /^\s*attachment\b/i;
const STATIC_EXTENSIONS = /\.(?:js|mjs|css|html|json|svg|txt|csv|map|webmanifest|xml)$/i;

/** Picks brotli over gzip unless the client prefers gzip (q-values); null for "send it plain". */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const weight = (name: Encoding) => weights.get(name) ?? (weights.has("*") ? weights.get("*")! : 0);
  const br = weight("br");
  const gzip = weight("gzip");
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

export function isCompressibleType(contentType: string | null | undefined): boolean {
  return Boolean(contentType && COMPRESSIBLE.test(contentType));
}

function addVary(headers: Headers): void {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
}

/** A strong validator names exact bytes; the compressed bytes are another representation. */
function weakenEtag(headers: Headers): void {
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
}

// Quality 4: on the 10,000-investor feed about as small as 5 and several times faster.
const DYNAMIC_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compressed bodies of answers with a strong ETag (the search feed's is a hash of its body), so
 * the same version is compressed once, not once per request. Small and bounded.
 */
const byVersion = new Map<string, Uint8Array<ArrayBuffer>>();
const CACHE_ENTRIES = 16;
const CACHE_MAX_BODY = 4 * 1024 * 1024;

function remember(key: string, body: Uint8Array<ArrayBuffer>): void {
  if (body.byteLength > CACHE_MAX_BODY) return;
  byVersion.delete(key);
  byVersion.set(key, body);
  while (byVersion.size > CACHE_ENTRIES) byVersion.delete(byVersion.keys().next().value!);
}
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses one finished response if it should be; otherwise returns it unchanged. */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  if (
    request.method === "HEAD" ||
    response.body === null ||
    response.status < 200 ||
    response.status === 204 ||
    response.status === 206 ||
    response.status === 304
  ) {
    return response;
  }
  if (response.headers.has("content-encoding") || !isCompressibleType(response.headers.get("content-type"))) return response;
  const declared = response.headers.get("content-length");
  if (declared !== null && Number(declared) < MIN_COMPRESS_BYTES) return response;

  const headers = new Headers(response.headers);
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
  const init = { status: response.status, statusText: response.statusText, headers };

  if (STREAMED.test(headers.get("content-type")!)) {
    addVary(headers);
    const body = response.body.pipeThrough(coalesceChunks());
    if (!encoding) return new Response(body, init);
    // Flushed as it comes, so a page that streams still arrives progressively.
    const compressor =
      encoding === "br"
        ? zlib.createBrotliCompress({ ...DYNAMIC_BROTLI, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
        : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
    headers.delete("content-length");
    headers.set("content-encoding", encoding);
    weakenEtag(headers);
    const { readable, writable } = Duplex.toWeb(compressor) as ReadableWritablePair<Uint8Array, Uint8Array>;
    return new Response(body.pipeThrough({ readable, writable }), init);
  }

  if (DOWNLOAD.test(headers.get("content-disposition") ?? "")) {
    addVary(headers);
    if (!encoding) return new Response(response.body, init);
    headers.delete("content-length");
    headers.set("content-encoding", encoding);
    weakenEtag(headers);
    const compressor = encoding === "br" ? zlib.createBrotliCompress(DYNAMIC_BROTLI) : zlib.createGzip();
    return new Response(response.body.pipeThrough(Duplex.toWeb(compressor) as ReadableWritablePair<Uint8Array, Uint8Array>), init);
  }

  if (!encoding) {
    // Sent as it is, without reading it whole first (the 1 MB feed was copied once more per answer).
    addVary(headers);
    return new Response(response.body, init);
  }
  // JSON, CSS, CSV…: whole strings already, so compressed in one go (better ratio, one header).
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength < MIN_COMPRESS_BYTES) return new Response(body, init);
  addVary(headers);
  const etag = headers.get("etag");
  const key = etag && !etag.startsWith("W/") ? `${request.url}\n${etag}\n${encoding}` : null;
  let compressed = key ? byVersion.get(key) : undefined;
  if (!compressed) {
    compressed = new Uint8Array(encoding === "br" ? await brotli(body, DYNAMIC_BROTLI) : await gzip(body));
    if (key) remember(key, compressed);
  }
  headers.set("content-encoding", encoding);
  headers.set("content-length", String(compressed.byteLength));
  weakenEtag(headers);
  return new Response(keptBody(compressed), init);
}

/**
 * A body the caller keeps in memory under `key` (which must change with its bytes), in the
 * encoding the client accepts: compressed once per key, then answered from the same small cache.
 * The caller sets Content-Encoding when `encoding` is not null; compressResponse then lets the
 * answer through untouched.
 */
export async function keptEncoding(
  request: Request,
  key: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: Encoding | null }> {
  const encoding = body.byteLength < MIN_COMPRESS_BYTES ? null : negotiateEncoding(request.headers.get("accept-encoding"));
  if (!encoding) return { body, encoding };
  const cacheKey = `${key}\n${encoding}`;
  let compressed = byVersion.get(cacheKey);
  if (!compressed) {
    compressed = new Uint8Array(encoding === "br" ? await brotli(body, DYNAMIC_BROTLI) : await gzip(body));
    remember(cacheKey, compressed);
  }
  return { body: compressed, encoding };
}

/**
 * A kept body (a kept page, the feed, a cached compressed copy) as an answer's body, without a
 * copy: `new Response(bytes)` copies a BufferSource whole, as the fetch standard says, so the
 * 1.1 MB feed cost a 1.1 MB copy per answer and the collector a fifth of the server's time under
 * load. A stream of the one chunk hands the same bytes to the socket; nothing writes to them.
 * It must stay a default stream: a byte stream (`type: "bytes"`) would detach the kept buffer.
 */
export function keptBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** `body` in `encoding`, as dynamic answers are compressed (for a caller that keeps the result). */
export async function compressOnce(body: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(encoding === "br" ? await brotli(body, DYNAMIC_BROTLI) : await gzip(body));
}

const STATIC_BROTLI = promisify(zlib.brotliCompress);

/**
 * Writes `file.br` and `file.gz` beside each compressible static file of at least 1 KB, once: a
 * pair newer than its file is kept. The build calls it (app/http/precompress-plugin.ts); the
 * server checks again at start. Brotli at its best quality, since it runs once per build, one
 * file at a time. A read-only directory is not an error: files are then sent plain.
 */
export async function precompressStaticFiles(dir: string): Promise<{ files: number; written: number }> {
  const sources: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.name.startsWith(".")) continue; // .vite/manifest.json and the like are never served
      if (entry.isDirectory()) walk(path);
      else if (STATIC_EXTENSIONS.test(entry.name) && statSync(path).size >= MIN_COMPRESS_BYTES) sources.push(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  let written = 0;
  for (const path of sources) {
    const modified = statSync(path).mtimeMs;
    const stale = (target: string) => !existsSync(target) || statSync(target).mtimeMs < modified;
    if (!stale(`${path}.br`) && !stale(`${path}.gz`)) continue;
    const source = readFileSync(path);
    const outputs: Array<[string, Uint8Array]> = [
      [
        `${path}.br`,
        await STATIC_BROTLI(source, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        }),
      ],
      [`${path}.gz`, await gzip(source, { level: 9 })],
    ];
    try {
      for (const [target, data] of outputs) {
        // Written aside then renamed: two processes starting at once never serve half a file.
        const temporary = `${target}.${process.pid}.tmp`;
        writeFileSync(temporary, data);
        renameSync(temporary, target);
        written++;
      }
    } catch {
      break;
    }
  }
  return { files: sources.length, written };
}

/**
 * Joins the chunks a page is written in (React writes a page in a few dozen small pieces) until
 * the writer pauses for a turn of the event loop, then passes them on as one. Each piece sent on
 * its own cost a compressor round trip and a flush — about 4 ms of a dashboard's 13 with brotli —
 * and a socket write; a page that streams in parts still leaves part by part.
 */
export function coalesceChunks(): TransformStream<Uint8Array, Uint8Array> {
  let pending: Uint8Array[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let output: TransformStreamDefaultController<Uint8Array> | undefined;
  const release = () => {
    scheduled = undefined;
    if (pending.length === 0 || !output) return;
    output.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    pending = [];
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      output = controller;
    },
    transform(chunk) {
      pending.push(chunk);
      scheduled ??= setImmediate(release);
    },
    flush() {
      if (scheduled) clearImmediate(scheduled);
      release();
    },
  });
}
