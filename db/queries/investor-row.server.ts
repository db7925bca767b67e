import { and, eq, sql } from "drizzle-orm";
import type { EvidenceForScoring } from "#app/domain/scoring.ts";
import { type Db, keptQuery } from "../database.server.ts";
import { evidence, investors } from "../schema.ts";

/*
 * The reads a refresh makes several times for every investor it checks, each built and prepared
 * once per connection (keptQuery, decision 046): drizzle building a select of the investors'
 * 40-odd columns took about 0.3 ms a call, the prepared read 15 µs.
 */

export type InvestorRow = typeof investors.$inferSelect;

/** One investor's whole row; of one side (real or demo) when `demo` is given. */
export function getInvestor(db: Db, id: number, demo?: boolean): InvestorRow | undefined {
  return demo === undefined ? investorById(db).get({ id }) : investorOfSide(db).get({ id, demo: Number(demo) });
}

/** The prepared read of one investor's whole row by id: `.get({ id })`. */
export function investorById(db: Db) {
  return keptQuery(db, "investor", (d) =>
    d
      .select()
      .from(investors)
      .where(eq(investors.id, sql.placeholder("id")))
      .prepare(),
  );
}

function investorOfSide(db: Db) {
  // A placeholder in `where` is bound as given, without the column's encoder: the side is passed as 0 or 1.
  return keptQuery(db, "investor-of-side", (d) =>
    d
      .select()
      .from(investors)
      .where(and(eq(investors.id, sql.placeholder("id")), eq(investors.isDemo, sql.placeholder("demo"))))
      .prepare(),
  );
}

/** What scoring reads of an investor's evidence. */
export function evidenceForScoring(db: Db, investorId: number): EvidenceForScoring[] {
  return keptQuery(db, "evidence-for-scoring", (d) =>
    d
      .select({
        published_at: evidence.publishedAt,
        found_at: evidence.foundAt,
        category: evidence.category,
        relevance: evidence.relevance,
      })
      .from(evidence)
      .where(eq(evidence.investorId, sql.placeholder("investorId")))
      .prepare(),
  ).all({ investorId });
}
