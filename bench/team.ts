/**
 * (v) The team (issue 36, decision 063), each row beside a baseline measured in the same run:
 *
 * - `GET /` with 5,000 investors for two members signed in at once, as browsers ask (each its own
 *   session cookie, `Accept-Encoding: gzip, deflate, br, zstd`), beside the stylesheet every page
 *   loads, from the same server with the same connections (Node's HTTP client, keep-alive: see
 *   bench/http.ts on why not autocannon for compressed bodies);
 * - the cost of the activity writes: a 20,000-row import over HTTP (which writes no activity row
 *   per investor: one entry for the import, with the user-owned values it wrote per investor,
 *   decision 061) and what that one entry costs, written again in-process on the imported
 *   database; the investor edit path (`editAnyInvestor`: diff, update, activity, re-score) per
 *   edit, beside the activity write alone for the same entries.
 *
 * Runs alone after a build: `npm run build && npx node bench/team.ts`; `npm run bench` runs it too.
 * TEAM_BENCH_SECONDS sets the length of one load run (default 5).
 */
import { copyFileSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { recordActivity } from "#db/queries/activity.server.ts";
import { editAnyInvestor } from "#db/queries/investors.server.ts";
import { memberActor, userOwnedChanges } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { addMember, signInAsMember } from "#tests/helpers/members.ts";
import { startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { importListFile } from "./import.ts";
import { seedBenchData } from "./seed.ts";
import { measure, percentile, summary } from "./stats.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const PASSCODE = "bench-team-passcode";
const SECONDS = Number(process.env.TEAM_BENCH_SECONDS ?? 5);
/** Connections per member: two members, ten in flight in all, as bench/http.ts's rows. */
const PER_MEMBER = 5;
export const BROWSER = {
  "accept-encoding": "gzip, deflate, br, zstd",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

export type Load = { requests: number; rps: number; p50: number; p95: number; p99: number };

/** `connections` requests in flight per header set for `seconds`; every answer must be 200. */
export async function load(url: string, headerSets: Record<string, string>[], connections: number, seconds: number): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections * headerSets.length });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const one = (headers: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = httpRequest(url, { headers, agent }, (res) => {
        res.on("data", () => {});
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  const loop = async (headers: Record<string, string>) => {
    while (performance.now() < until) await one(headers);
  };
  const started = performance.now();
  await Promise.all(headerSets.flatMap((headers) => Array.from({ length: connections }, () => loop(headers))));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

export function loadText(load: Load): string {
  return `p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, ${load.rps.toFixed(0)} req/s (${load.requests})`;
}

export function staticAsset(): string {
  const dir = join(root, "build/client/assets");
  const css = readdirSync(dir).find((name) => /^app-.*\.css$/.test(name)) ?? readdirSync(dir).find((name) => name.endsWith(".css"));
  if (!css || statSync(join(dir, css)).size === 0) throw new Error("no stylesheet in build/client/assets: run `npm run build` first");
  return `/assets/${css}`;
}

async function twoMembersRow(): Promise<void> {
  const path = join(mkdtempSync(join(tmpdir(), "ipi-bench-team-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  seedBenchData(db, { investors: 5_000, evidencePerInvestor: 5, now: new Date() });
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  const server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: path });
  try {
    const owner = await signIn(server.url, PASSCODE);
    const second = await signInAsMember(server, PASSCODE, addMember(server.databasePath, "Jonas"));
    const members = [owner, second].map((cookie) => ({ ...BROWSER, cookie }));
    // Warm both: the first GET / of a member renders (and may keep) their page.
    await load(`${server.url}/`, members, 1, 1);
    const asset = await load(`${server.url}${staticAsset()}`, members, PER_MEMBER, SECONDS);
    const page = await load(`${server.url}/`, members, PER_MEMBER, SECONDS);
    const assetAgain = await load(`${server.url}${staticAsset()}`, members, PER_MEMBER, SECONDS);
    console.log(`GET / with 5,000 investors, two members signed in at once (${PER_MEMBER} connections each), as browsers ask:`);
    console.log(`  GET /            ${loadText(page)}`);
    console.log(`  static stylesheet ${loadText(asset)} (before), ${loadText(assetAgain)} (after)`);
    console.log(`  ratio of p95: ${(page.p95 / Math.max(asset.p95, assetAgain.p95)).toFixed(1)}× the static file's`);
  } finally {
    await server.stop();
  }
}

async function importRow(): Promise<void> {
  const server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  let path = "";
  try {
    const form = new FormData();
    form.set("intent", "commit");
    form.set("value.relationship_status.ghosted", "contacted");
    form.set("file", new Blob([new Uint8Array(importListFile())], { type: "text/csv" }), "list.csv");
    const started = performance.now();
    const response = await fetch(`${server.url}/investors/import`, {
      method: "POST",
      headers: { "x-admin-passcode": PASSCODE },
      body: form,
      redirect: "manual",
    });
    await response.text();
    const importMs = performance.now() - started;
    path = join(mkdtempSync(join(tmpdir(), "ipi-bench-team-import-")), "app.db");
    await server.stop();
    copyFileSync(server.databasePath, path);
    const db = openDatabase(path);
    const owner = memberActor({ id: 1, name: "Owner", role: "owner" });
    // The import's one entry as the import wrote it (its counts, file name and the values per investor), written
    // again in a transaction of its own: what the commit's last chunk paid for it.
    const written = db.$client
      .prepare("select detail from activity where kind = 'imported' order by id desc limit 1")
      .pluck()
      .get() as string;
    const entry = [{ kind: "imported" as const, detail: JSON.parse(written) as Record<string, unknown> }];
    const times = measure(() => db.transaction((tx) => recordActivity(tx, owner, { subject: "list.csv" }, entry, new Date())), 20, 3);
    db.$client.close();
    console.log(`import of 20,000 rows over HTTP (HTTP ${response.status}): ${importMs.toFixed(0)} ms, its one activity entry included;`);
    console.log(
      `  that entry (${(written.length / 1024 / 1024).toFixed(1)} MB), written alone on the imported database: ${summary(times)} (${((percentile(times, 50) / importMs) * 100).toFixed(3)} % of the import)`,
    );
  } finally {
    await server.stop();
  }
}

function editRow(): void {
  const path = join(mkdtempSync(join(tmpdir(), "ipi-bench-team-edit-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  seedBenchData(db, { investors: 5_000, evidencePerInvestor: 5, now: new Date() });
  const member = db.$client.prepare("insert into members (name, role) values ('Jonas', 'member') returning id").get() as { id: number };
  const actor = memberActor({ id: member.id, name: "Jonas", role: "member" });
  const now = new Date();
  let turn = 0;
  // Each edit changes the notes and the status of one of 5,000 investors: two activity entries.
  const edit = () => {
    turn++;
    const id = (turn % 5_000) + 1;
    editAnyInvestor(
      db,
      id,
      { personal_notes: `Note ${turn}`, relationship_status: turn % 2 === 0 ? "contacted" : "in_conversation" },
      { now, rules: DEFAULT_RULES, actor },
    );
  };
  const edits = measure(edit, 2_000, 50);
  const entries = userOwnedChanges(
    { personalNotes: "a", relationshipStatus: "contacted" },
    { personalNotes: "b", relationshipStatus: "in_conversation" },
  );
  let at = 0;
  const activityAlone = measure(
    () => db.transaction((tx) => recordActivity(tx, actor, { investorId: (++at % 5_000) + 1, subject: "x", version: at }, entries, now)),
    2_000,
    50,
  );
  db.$client.close();
  const share = percentile(activityAlone, 50) / percentile(edits, 50);
  console.log(`the investor edit path with 5,000 investors (notes and status: two activity entries):`);
  console.log(`  editAnyInvestor with its activity: ${summary(edits)}`);
  console.log(
    `  the activity write alone (same entries, own transaction): ${summary(activityAlone)} — ${(share * 100).toFixed(0)} % of the edit's median`,
  );
}

export async function runTeamBench(): Promise<void> {
  console.log("\n## (v) The team: two members on GET /, and what the activity writes cost\n");
  await twoMembersRow();
  await importRow();
  editRow();
}

if (import.meta.main) await runTeamBench();
