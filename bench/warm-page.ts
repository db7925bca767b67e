/**
 * (w) Warm intros (issue 37, decision 065): `GET /` with 5,000 investors where every one has intro
 * paths — people from a sheet and from mail, each tier, intros asked (some due a nudge), agreed and
 * made — beside the same 5,000 investors without a path and the stylesheet every page loads, from
 * the same server build in the same run, as browsers ask (a session cookie, `Accept-Encoding:
 * gzip, deflate, br, zstd`).
 *
 * Runs alone after a build: `npm run build && npx node bench/warm-page.ts`; `npm run bench` runs it
 * too (`--no-warm` leaves it out). TEAM_BENCH_SECONDS sets the length of one load run (default 5).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { seedBenchData } from "./seed.ts";
import { BROWSER, type Load, load, loadText, staticAsset } from "./team.ts";

const PASSCODE = "bench-warm-passcode";
const SECONDS = Number(process.env.TEAM_BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const INVESTORS = 5_000;
const PEOPLE = 1_500;
const DAY_MS = 86_400_000;

/** 5,000 investors; with `paths`, every investor one to three paths in every source, tier and state. */
function database(paths: boolean): string {
  const path = join(mkdtempSync(join(tmpdir(), "ipi-bench-warm-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  const now = new Date();
  seedBenchData(db, { investors: INVESTORS, evidencePerInvestor: 5, now });
  if (paths) {
    const client = db.$client;
    const day = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
    client.transaction(() => {
      const person = client.prepare("insert into people (name, name_key, organisation) values (?, ?, ?) returning id");
      const address = client.prepare("insert into person_addresses (person_id, address) values (?, ?)");
      const ids: number[] = [];
      for (let i = 0; i < PEOPLE; i++) {
        const id = (person.get(`Connector ${i}`, `connector ${i}`, `Org ${i % 200}`) as { id: number }).id;
        address.run(id, `connector${i}@org${i % 200}.example`);
        ids.push(id);
      }
      const investorIds = client.prepare("select id from investors where is_demo = 0 order by id").pluck().all() as number[];
      const insert = client.prepare(
        "insert into intro_paths (investor_id, person_id, source, tier, evidence, state, asked_on) values (?, ?, ?, ?, ?, ?, ?)",
      );
      const tiers = ["strong", "moderate", "weak", null] as const;
      const states = ["to_ask", "to_ask", "to_ask", "asked", "agreed", "introduced", "declined"] as const;
      for (const [n, investorId] of investorIds.entries()) {
        for (let k = 0; k <= n % 3; k++) {
          const tier = tiers[(n + k) % tiers.length]!;
          const state = states[(n * 7 + k) % states.length]!;
          const asked = state === "to_ask" ? null : day((n % 12) + 1);
          const evidence =
            tier === null ? "ex-colleague" : `Connector and partner@fund${n}.example were on ${(n % 5) + 1} threads, both wrote`;
          insert.run(investorId, ids[(n * 3 + k) % PEOPLE], tier === null ? "import" : "mail", tier, evidence, state, asked);
        }
      }
    })();
  }
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  return path;
}

async function measurePage(label: string, path: string): Promise<{ page: Load; asset: Load; count: number }> {
  const server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: path });
  try {
    const cookie = await signIn(server.url, PASSCODE);
    const headers = [{ ...BROWSER, cookie }];
    await load(`${server.url}/`, headers, 1, 1);
    const asset = await load(`${server.url}${staticAsset()}`, headers, CONNECTIONS, SECONDS);
    const page = await load(`${server.url}/`, headers, CONNECTIONS, SECONDS);
    const opened = openDatabase(path);
    const count = opened.$client.prepare("select count(*) from intro_paths where is_demo = 0").pluck().get() as number;
    opened.$client.close();
    console.log(`  ${label} (${count.toLocaleString("en")} paths):`);
    console.log(`    GET /             ${loadText(page)}`);
    console.log(`    static stylesheet ${loadText(asset)}`);
    return { page, asset, count };
  } finally {
    await server.stop();
  }
}

export async function runWarmPageBench(): Promise<void> {
  console.log("\n## (w) Warm intros: GET / with intro paths for 5,000 investors, beside none and the static file\n");
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, as browsers ask:`);
  const before = await measurePage("5,000 investors, no path", database(false));
  const after = await measurePage("5,000 investors, every one with paths", database(true));
  console.log(
    `  ratio of p95: with paths ${(after.page.p95 / before.page.p95).toFixed(2)}× without; ${(after.page.p95 / after.asset.p95).toFixed(1)}× the static file's`,
  );
}

if (import.meta.main) await runWarmPageBench();
