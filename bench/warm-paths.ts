/**
 * (w) Warm paths where the founder looks (decision 065): what paths cost Today's lists (what GET /
 * reads, kept aside) and the re-score at 5,000 investors × 5 evidence, beside the same pipeline
 * with no path: first without, then with two paths to every investor (a mail path of each tier and
 * a sheet's word), a third of them asked. `npx node bench/warm-paths.ts` runs it alone.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { loadToday } from "#db/queries/today.server.ts";
import { seedBenchData } from "./seed.ts";
import { measure, percentile, summary } from "./stats.ts";

const INVESTORS = 5_000;

function addPaths(db: ReturnType<typeof openDatabase>, now: Date): void {
  const client = db.$client;
  const person = client.prepare("insert into people (name, name_key, is_demo) values (?, ?, 0)");
  const path = client.prepare(
    "insert into intro_paths (investor_id, person_id, source, tier, evidence, state, asked_on, is_demo) values (?, ?, ?, ?, ?, ?, ?, 0)",
  );
  const ids = client.prepare("select id from investors where is_demo = 0").pluck().all() as number[];
  const day = (back: number) => new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  client.transaction(() => {
    for (const [index, id] of ids.entries()) {
      const mail = Number(person.run(`Connector ${index}`, `connector ${index}`).lastInsertRowid);
      const sheet = Number(person.run(`Sheet ${index}`, `sheet ${index}`).lastInsertRowid);
      const asked = index % 3 === 0;
      path.run(
        id,
        mail,
        "mail",
        ["strong", "moderate", "weak"][index % 3],
        "on 3 threads, both wrote",
        asked ? "asked" : "to_ask",
        asked ? day(index % 9) : null,
      );
      path.run(id, sheet, "import", null, "", "to_ask", null);
    }
  })();
}

export function runWarmPathsBench(): void {
  const now = new Date();
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ipi-bench-paths-")), "app.db"));
  migrateDatabase(db);
  seedBenchData(db, { investors: INVESTORS, evidencePerInvestor: 5, now });
  const today = () => loadToday(db, false, { now, followUpAfterDays: DEFAULT_RULES.followUpAfterDays, shown: 5 });
  const rescore = () => rescoreAllInvestors(db, now, DEFAULT_RULES);
  rescore();
  const todayBefore = measure(today, 30);
  const rescoreBefore = measure(rescore, 5, 1);
  addPaths(db, now);
  rescore();
  const todayAfter = measure(today, 30);
  const rescoreAfter = measure(rescore, 5, 1);
  const ratio = (after: number[], before: number[]) => (percentile(after, 50) / percentile(before, 50)).toFixed(2);
  console.log(`(w) warm paths, ${INVESTORS.toLocaleString("en-US")} investors × 5 evidence, then 2 paths each (a third asked)`);
  console.log(`    Today's lists (GET /'s reads), no paths:   ${summary(todayBefore)}`);
  console.log(`    Today's lists, with paths:                ${summary(todayAfter)}; ${ratio(todayAfter, todayBefore)}× before`);
  console.log(`    re-score of everyone, no paths:           ${summary(rescoreBefore)}`);
  console.log(`    re-score of everyone, with paths:         ${summary(rescoreAfter)}; ${ratio(rescoreAfter, rescoreBefore)}× before\n`);
  db.$client.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runWarmPathsBench();
