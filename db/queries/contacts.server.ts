import { desc, eq, sql } from "drizzle-orm";
import { CONTACTS_PER_PAGE } from "#app/domain/demo-bounds.ts";
import type { Db } from "../database.server.ts";
import { contactEntries } from "../schema.ts";

export type ContactRow = typeof contactEntries.$inferSelect;

/** How many contact entries an investor has (one indexed count). */
export function countContacts(db: Db, investorId: number): number {
  return db.select({ n: sql<number>`count(*)` }).from(contactEntries).where(eq(contactEntries.investorId, investorId)).get()?.n ?? 0;
}

/** One page of an investor's contact history, newest first: a page never holds more than CONTACTS_PER_PAGE entries. */
export type ContactHistoryPage = { rows: ContactRow[]; total: number; page: number; pages: number };

/** Page `page` (1 = newest) of the history; a page past the end is the last one. */
export function contactHistoryPage(db: Db, investorId: number, page = 1, size = CONTACTS_PER_PAGE): ContactHistoryPage {
  const total = countContacts(db, investorId);
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = db
    .select()
    .from(contactEntries)
    .where(eq(contactEntries.investorId, investorId))
    .orderBy(desc(contactEntries.id))
    .limit(size)
    .offset((shown - 1) * size)
    .all();
  return { rows, total, page: shown, pages };
}
