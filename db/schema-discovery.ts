import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { NEWS_SOURCES } from "../app/domain/discovery/deal.ts";
import { STAGES } from "../app/domain/vocabulary.ts";

/**
 * Discovery's tables (docs/product.md#discovery, decision 034): the funding news read, the deals
 * read out of it, the investors each deal names, and the founder's aliases and dismissals.
 * Re-exported by db/schema.ts, the one file drizzle-kit reads.
 */

const createdAt = text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * Each news item once: a run saves what its sources hand over (a duplicate `source`+`key` is
 * ignored), then reads the unread ones one at a time; `read_at` is set in the transaction that
 * saves the item's deals, so a run taken over after a crash reads each item exactly once.
 */
export const newsItems = sqliteTable(
  "news_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source", { enum: NEWS_SOURCES }).notNull(),
    key: text("key").notNull(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    publishedOn: text("published_on"),
    runId: text("run_id"),
    readAt: text("read_at"),
    createdAt,
  },
  (t) => [uniqueIndex("news_items_source_key").on(t.source, t.key), index("news_items_unread").on(t.runId, t.readAt, t.id)],
);

/** A feed's validators for the next conditional GET (ETag, Last-Modified), per feed URL. */
export const feedStates = sqliteTable("feed_states", {
  url: text("url").primaryKey(),
  etag: text("etag"),
  lastModified: text("last_modified"),
  checkedAt: text("checked_at").notNull(),
});

/** One funding round, merged over the items and sources that report it (same company and stage within 30 days). */
export const deals = sqliteTable(
  "deals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    company: text("company").notNull(),
    companyKey: text("company_key").notNull(),
    amount: real("amount"),
    currency: text("currency"),
    stage: text("stage", { enum: STAGES }),
    sectors: text("sectors", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    geography: text("geography"),
    announcedOn: text("announced_on").notNull(),
    sourceUrls: text("source_urls", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    runId: text("run_id"),
    createdAt,
  },
  (t) => [index("deals_company").on(t.companyKey, t.announcedOn), index("deals_announced").on(t.isDemo, t.announcedOn)],
);

/** The investors a deal names: the name as written, its key (names.ts), lead or participant. */
export const dealInvestors = sqliteTable(
  "deal_investors",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["lead", "participant"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.key] }), index("deal_investors_key").on(t.key)],
);

/** The founder's aliases: another spelling of an investor ("a16z") → the name it stands for. */
export const discoveryAliases = sqliteTable("discovery_aliases", {
  aliasKey: text("alias_key").primaryKey(),
  alias: text("alias").notNull(),
  name: text("name").notNull(),
  createdAt,
});

/** A discovered investor the founder dismissed; a new matching lead after `dismissed_at` shows them again. */
export const discoveryDismissals = sqliteTable(
  "discovery_dismissals",
  {
    key: text("key").notNull(),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    dismissedAt: text("dismissed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.isDemo] })],
);
