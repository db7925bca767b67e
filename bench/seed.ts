import type { AppDatabase } from "#db/database.server.ts";
import { EVIDENCE_CATEGORIES, RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";

/** Deterministic synthetic investors and evidence for benchmarks (a small LCG, no Math.random). */
export function seedBenchData(db: AppDatabase, options: { investors: number; evidencePerInvestor: number; now: Date }): void {
  let state = 42;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const first = ["Ada", "Grace", "Zoë", "Łukasz", "Amara", "Kwame", "Priya", "José", "Mei", "Oliver", "Björn", "Noa"];
  const last = ["Lovelace", "Hopper", "Ångström", "Żółć", "Okafor", "Mensah", "Raghunathan", "Núñez", "Chua", "Pemberton"];
  const firms = ["Northwind Ventures", "Alder Capital", "Quarry Partners", "Helix Fund", "Granite Seed", "Lumen VC"];
  const client = db.$client;
  const insertInvestor = client.prepare(
    `insert into investors (name, firm, kind, relationship_status, last_contact_date, signal_activity, signal_fit, signal_red_flag, signals_checked_at, created_at, updated_at)
     values (?, ?, 'fund', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEvidence = client.prepare(
    `insert into evidence (investor_id, url, title, excerpt, source, published_at, found_at, content_hash, category, relevance, summary, judged_at)
     values (?, ?, ?, '', 'news', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const day = 86_400_000;
  const stamp = options.now.toISOString();
  client.transaction(() => {
    for (let i = 0; i < options.investors; i++) {
      const contacted = next() < 0.3;
      const { lastInsertRowid } = insertInvestor.run(
        `${pick(first)} ${pick(last)} ${i}`,
        pick(firms),
        pick(RELATIONSHIP_STATUSES),
        contacted ? new Date(options.now.getTime() - Math.floor(next() * 40) * day).toISOString().slice(0, 10) : null,
        Math.floor(next() * 101),
        next() < 0.2 ? null : Math.floor(next() * 101),
        next() < 0.05 ? "Fund closed" : null,
        stamp,
        stamp,
        stamp,
      );
      for (let j = 0; j < options.evidencePerInvestor; j++) {
        const published = new Date(options.now.getTime() - Math.floor(next() * 120) * day).toISOString();
        insertEvidence.run(
          lastInsertRowid,
          `https://news.example.com/${i}/${j}`,
          `Evidence ${j} about investor ${i}`,
          next() < 0.1 ? null : published,
          published,
          `${i}-${j}`,
          next() < 0.1 ? null : pick(EVIDENCE_CATEGORIES),
          Math.round(next() * 100) / 100,
          "A summary of what happened.",
          published,
        );
      }
    }
  })();
}
