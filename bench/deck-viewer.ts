/**
 * (y) Deck links in public (issue 38, decision 068), on the built server with 5,000 investors, as
 * browsers ask (the founder: a session cookie, `Accept-Encoding: gzip, deflate, br, zstd`):
 *
 * 1. 50 viewers at once, each opening the link and reading a 10-page deck's images in order, again
 *    and again for DECK_BENCH_SECONDS (default 20): the page images' p50/p95, beside the founder's
 *    `GET /` one page after another (p50/p95) and the stylesheet from the same server, both also
 *    measured alone before the crowd.
 * 2. 100,000 guessed tokens from 10,000 addresses, 50 at a time: how many were looked up (404)
 *    before the ceiling and how many answered 429 unchecked, and the founder's `GET /` meanwhile.
 *
 * The crowds are child processes (they are other machines): this process's clock measures the
 * founder's answers, not its own event loop busy with the crowd. Runs alone after a build:
 * `npm run build && npx node bench/deck-viewer.ts`; `npm run bench` runs it (`--no-deck` leaves it out).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { deckPdf } from "#tests/helpers/decks.ts";
import { startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { count } from "#tests/helpers/checksum.ts";
import { seedBenchData } from "./seed.ts";
import { percentile } from "./stats.ts";

const PASSCODE = "bench-deck-passcode";
const SECONDS = Number(process.env.DECK_BENCH_SECONDS ?? 20);
const GUESSES = Number(process.env.DECK_BENCH_GUESSES ?? 100_000);
const PAGES = 10;
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,*/*;q=0.8" };
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

/** 50 readers, each from an address of its own: the viewer page, then its images in order, until the deadline; prints "started" then every image's time. */
const READERS = `
const [base, token, seconds, pages, ua] = process.argv.slice(-5);
const deadline = performance.now() + Number(seconds) * 1000;
const times = [];
let failed = 0;
const reader = async (v) => {
  const headers = { "x-forwarded-for": "100.64." + Math.floor(v / 200) + "." + (v % 200 + 1), "user-agent": ua, "accept-encoding": "gzip, deflate, br, zstd" };
  while (performance.now() < deadline) {
    const page = await fetch(base + "/d/" + token, { headers });
    await page.arrayBuffer();
    if (page.status !== 200) failed++;
    for (let n = 1; n <= Number(pages) && performance.now() < deadline; n++) {
      const at = performance.now();
      const image = await fetch(base + "/d/" + token + "/pages/" + n + ".webp", { headers });
      await image.arrayBuffer();
      if (image.status === 200) times.push(performance.now() - at); else failed++;
    }
  }
};
process.stdout.write("started\\n");
await Promise.all(Array.from({ length: 50 }, (_, v) => reader(v)));
process.stdout.write(JSON.stringify({ times, failed }));
`;

/** GUESSES random tokens from 10,000 addresses, 50 at a time; prints "started" then the statuses counted. */
const GUESSERS = `
import { randomBytes } from "node:crypto";
const [base, guesses] = process.argv.slice(-2);
const statuses = {};
let next = 0;
const guesser = async () => {
  while (next < Number(guesses)) {
    const n = next++;
    const answer = await fetch(base + "/d/" + randomBytes(32).toString("base64url"), {
      headers: { "x-forwarded-for": "198.18." + Math.floor((n % 10000) / 250) + "." + (n % 250 + 1) },
    });
    await answer.arrayBuffer();
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
};
process.stdout.write("started\\n");
await Promise.all(Array.from({ length: 50 }, guesser));
process.stdout.write(JSON.stringify(statuses));
`;

type Crowd = { output: () => string; started: Promise<void>; done: Promise<void> };

function crowd(script: string, args: string[]): Crowd {
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("started\n")) markStarted();
  });
  const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { output: () => output.slice(output.indexOf("\n") + 1), started, done };
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  const at = performance.now();
  const answer = await fetch(url, { headers });
  await answer.arrayBuffer();
  return { ms: performance.now() - at, status: answer.status };
}

/** One request after another (as a person clicks) until `until` resolves or `max` answers. */
async function oneAfterAnother(url: string, headers: Record<string, string>, until: Promise<void>, max = 10_000) {
  let over = false;
  void until.then(() => (over = true));
  const answers: Array<{ ms: number; status: number }> = [];
  while (!over && answers.length < max) answers.push(await timed(url, headers));
  return answers;
}

const ms = (values: number[], p: number) =>
  `${percentile(
    [...values].sort((a, b) => a - b),
    p,
  ).toFixed(0)} ms`;

export async function runDeckViewerBench(): Promise<void> {
  console.log(`\n## (y) Deck links in public: 50 viewers, then ${GUESSES.toLocaleString("en-US")} guessed tokens, beside the founder\n`);
  const path = join(mkdtempSync(join(tmpdir(), "ipi-bench-deck-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  seedBenchData(db, { investors: 5_000, evidencePerInvestor: 2, now: new Date() });
  db.$client.close();
  const server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: path, TRUST_PROXY: "true" });
  try {
    const cookie = await signIn(server.url, PASSCODE);
    const founder = { ...BROWSER, cookie };
    const css = readdirSync(join(import.meta.dirname, "../build/client/assets")).find((name) => name.endsWith(".css"));
    const created = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench Deck Co", pitch: "Decks read in public", sector: "devtools", stage: "seed" }),
    });
    const startupId = ((await created.json()) as { startup: { id: number } }).startup.id;
    const form = new FormData();
    form.set("deck", new Blob([new Uint8Array(deckPdf(PAGES))], { type: "application/pdf" }), "bench.pdf");
    await fetch(`${server.url}/startups/${startupId}/deck`, { method: "POST", headers: { cookie }, body: form, redirect: "manual" });
    for (let waited = 0; count(path, "select count(*) from deck_versions where status = 'ready'") === 0; waited++) {
      if (waited > 1_200) throw new Error("the deck did not render in 120 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const made = await fetch(`${server.url}/api/deck-links`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ startup_id: startupId, label: "Bench" }),
    });
    const token = ((await made.json()) as { link: { url: string } }).link.url.split("/d/")[1]!;

    const alone = await oneAfterAnother(`${server.url}/`, founder, new Promise(() => {}), 30);
    const staticAlone = await oneAfterAnother(`${server.url}/assets/${css}`, BROWSER, new Promise(() => {}), 30);
    const readers = crowd(READERS, [server.url, token, String(SECONDS), String(PAGES), PHONE]);
    await readers.started;
    const [during, staticDuring] = await Promise.all([
      oneAfterAnother(`${server.url}/`, founder, readers.done),
      oneAfterAnother(`${server.url}/assets/${css}`, BROWSER, readers.done),
    ]);
    await readers.done;
    const { times, failed } = JSON.parse(readers.output()) as { times: number[]; failed: number };
    console.log("| | p50 | p95 | answers |");
    console.log("|---|---|---|---|");
    console.log(
      `| the founder's GET /, alone | ${ms(
        alone.map((a) => a.ms),
        50,
      )} | ${ms(
        alone.map((a) => a.ms),
        95,
      )} | ${alone.length} |`,
    );
    console.log(
      `| the stylesheet, alone (baseline) | ${ms(
        staticAlone.map((a) => a.ms),
        50,
      )} | ${ms(
        staticAlone.map((a) => a.ms),
        95,
      )} | ${staticAlone.length} |`,
    );
    console.log(`| page images, 50 viewers for ${SECONDS} s | ${ms(times, 50)} | ${ms(times, 95)} | ${times.length} (${failed} not 200) |`);
    console.log(
      `| the founder's GET / meanwhile | ${ms(
        during.map((a) => a.ms),
        50,
      )} | ${ms(
        during.map((a) => a.ms),
        95,
      )} | ${during.length} (${during.filter((a) => a.status !== 200).length} not 200) |`,
    );
    console.log(
      `| the stylesheet meanwhile | ${ms(
        staticDuring.map((a) => a.ms),
        50,
      )} | ${ms(
        staticDuring.map((a) => a.ms),
        95,
      )} | ${staticDuring.length} |`,
    );
    const p95Ratio =
      percentile(
        [...during.map((a) => a.ms)].sort((a, b) => a - b),
        95,
      ) /
      percentile(
        [...alone.map((a) => a.ms)].sort((a, b) => a - b),
        95,
      );
    console.log(`\nthe founder's GET / p95 under the viewers ÷ alone: ${p95Ratio.toFixed(2)}×`);

    const guessers = crowd(GUESSERS, [server.url, String(GUESSES)]);
    await guessers.started;
    const guessedAt = performance.now();
    const meanwhile = await oneAfterAnother(`${server.url}/`, founder, guessers.done);
    await guessers.done;
    const statuses = JSON.parse(guessers.output()) as Record<string, number>;
    console.log(
      `\n${GUESSES.toLocaleString("en-US")} guessed tokens in ${((performance.now() - guessedAt) / 1000).toFixed(1)} s: ${statuses["404"] ?? 0} looked up (404), ${statuses["429"] ?? 0} refused unchecked (429), other ${
        Object.entries(statuses)
          .filter(([status]) => status !== "404" && status !== "429")
          .map(([status, n]) => `${status}: ${n}`)
          .join(", ") || "none"
      }; the founder's GET / meanwhile p50 ${ms(
        meanwhile.map((a) => a.ms),
        50,
      )}, p95 ${ms(
        meanwhile.map((a) => a.ms),
        95,
      )} over ${meanwhile.length} (${meanwhile.filter((a) => a.status !== 200).length} not 200)`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await runDeckViewerBench();
