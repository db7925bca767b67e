/**
 * (g) What compression sends (docs/product.md#pages): the dashboard's first-load JavaScript compressed
 * (every script its HTML loads: the entry and the modulepreload links) against the 150 KB goal,
 * and the dashboard's HTML raw and compressed, as the built server answers them over HTTP.
 * Runs alone too, on a fresh 5,000-investor database: `npm run build && node bench/compression.ts`.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "bench-passcode";
export const FIRST_LOAD_GOAL_KB = 150;
const root = fileURLToPath(new URL("..", import.meta.url));

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Sizes of one body as the server's static pairs are made (brotli 11, gzip 9). */
export function compressedSizes(data: Uint8Array): { raw: number; gzip: number; brotli: number } {
  return {
    raw: data.byteLength,
    gzip: zlib.gzipSync(data, { level: 9 }).byteLength,
    brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

/** The same JSON body the way the server compresses dynamic answers (brotli 4, gzip 6). */
export function dynamicSizes(body: string): { raw: number; gzip: number; brotli: number } {
  const data = Buffer.from(body);
  return {
    raw: data.byteLength,
    gzip: zlib.gzipSync(data).byteLength,
    brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).byteLength,
  };
}

/** The scripts a page's HTML makes the browser load: module preloads, script src, import("…"). */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found].filter((path) => path.startsWith("/assets/"));
}

function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export async function runCompressionBench(databasePath: string, investors: number): Promise<void> {
  const server = await startBuiltServer({ DATABASE_PATH: databasePath, ADMIN_PASSCODE: PASSCODE });
  try {
    const base = server.url;
    const cookie = await signIn(base, PASSCODE);
    const plain = await raw(`${base}/`, { cookie });
    if (plain.status !== 200) throw new Error(`the dashboard answered ${plain.status}`);
    const br = await raw(`${base}/`, { cookie, "accept-encoding": "br" });
    const gz = await raw(`${base}/`, { cookie, "accept-encoding": "gzip" });

    const scripts = scriptsOf(plain.body.toString());
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const path of scripts) {
      const file = join(root, "build/client", path);
      if (!existsSync(file)) throw new Error(`${path} is not in build/client`);
      const sizes = compressedSizes(readFileSync(file));
      total.raw += sizes.raw;
      total.gzip += sizes.gzip;
      total.brotli += sizes.brotli;
    }
    console.log(`(g) compression, the dashboard with ${investors.toLocaleString("en")} investors (built server over HTTP)`);
    console.log(
      `    dashboard HTML:  ${kb(plain.body.length)} raw → ${kb(br.body.length)} brotli (${(plain.body.length / br.body.length).toFixed(1)}×), ${kb(gz.body.length)} gzip (${(plain.body.length / gz.body.length).toFixed(1)}×)`,
    );
    console.log(`    first-load JS:   ${scripts.length} files, ${kb(total.raw)} raw → ${kb(total.brotli)} brotli, ${kb(total.gzip)} gzip`);
    const verdict = (bytes: number) => {
      const over = bytes / 1024 - FIRST_LOAD_GOAL_KB;
      return over <= 0 ? `met (${(FIRST_LOAD_GOAL_KB - bytes / 1024).toFixed(1)} KB to spare)` : `${over.toFixed(1)} KB over`;
    };
    console.log(`    goal ≤ ${FIRST_LOAD_GOAL_KB} KB compressed: brotli ${verdict(total.brotli)}; gzip ${verdict(total.gzip)}`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { migrateDatabase, openDatabase } = await import("#db/database.server.ts");
  const { seedBenchData } = await import("./seed.ts");
  const path = join(mkdtempSync(join(tmpdir(), "ipi-bench-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  seedBenchData(db, { investors: 5_000, evidencePerInvestor: 0, now: new Date() });
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  await runCompressionBench(path, 5_000);
}
