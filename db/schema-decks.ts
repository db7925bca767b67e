import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DECK_STATUSES } from "../app/domain/decks.ts";
import { investors, startups } from "./schema.ts";
import { members } from "./schema-people.ts";

/**
 * Decks (docs/product.md#decks, decision 067): a startup's PDF, its versions, each version's
 * rendered pages and its original file, all inside the SQLite file so Litestream's replica and
 * a restore carry them (decision 020). NOT re-exported by db/schema.ts (it imports that file):
 * drizzle.config.ts lists both, and db/database.server.ts joins them for the connection's type.
 */

const createdAt = text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/** One deck per startup (the demo's startups never have one: rows of a side follow their startup). */
export const decks = sqliteTable(
  "decks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    createdAt,
  },
  (t) => [uniqueIndex("decks_startup").on(t.startupId)],
);

/**
 * An upload: a new version each time, numbered from 1 per deck. `status` is rendering, then ready
 * (every page stored) or failed (`refusal` says why, in words naming the limit).
 */
export const deckVersions = sqliteTable(
  "deck_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deckId: integer("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    fileName: text("file_name").notNull(),
    bytes: integer("bytes").notNull(),
    sha256: text("sha256").notNull(),
    // Known once the renderer has counted them; pagesDone grows as each page is stored.
    pages: integer("pages"),
    pagesDone: integer("pages_done").notNull().default(0),
    status: text("status", { enum: DECK_STATUSES }).notNull().default("rendering"),
    refusal: text("refusal"),
    // Milliseconds the render took (shown nowhere; measured).
    renderMs: integer("render_ms"),
    uploadedByMemberId: integer("uploaded_by_member_id").references(() => members.id, { onDelete: "set null" }),
    allowDownload: integer("allow_download", { mode: "boolean" }).notNull().default(false),
    createdAt,
  },
  (t) => [uniqueIndex("deck_versions_number").on(t.deckId, t.number)],
);

/** A rendered page: a WebP of at most 1600 px on its long side and 4 MB (MAX_PAGE_IMAGE_BYTES). */
export const deckPages = sqliteTable(
  "deck_pages",
  {
    versionId: integer("version_id")
      .notNull()
      .references(() => deckVersions.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    // A short hash of the image: the ETag.
    etag: text("etag").notNull(),
    // The page's first line of text as the renderer read it ("Financials"), at most 80 characters;
    // null when the page has none (an image-only slide): then it is "page 7".
    title: text("title"),
    image: blob("image", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.number] })],
);

/** The original PDF in 1 MiB chunks (DECK_FILE_CHUNK_BYTES), in order: a download reads one at a time. */
export const deckFiles = sqliteTable(
  "deck_files",
  {
    versionId: integer("version_id")
      .notNull()
      .references(() => deckVersions.id, { onDelete: "cascade" }),
    chunk: integer("chunk").notNull(),
    data: blob("data", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.chunk] })],
);

/**
 * A link to a deck (decision 068): one per investor (investor_id) or an ad-hoc one (a label). The
 * token is never stored: `token_hash` is its SHA-256 (what a visitor's token is looked up by), and
 * the app derives the token again from `nonce` with its link key when the founder wants to copy the
 * link. It follows the deck's newest ready version unless `pinned_version_id` is set.
 */
export const deckLinks = sqliteTable(
  "deck_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deckId: integer("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    investorId: integer("investor_id").references(() => investors.id, { onDelete: "cascade" }),
    label: text("label"),
    tokenHash: text("token_hash").notNull(),
    nonce: text("nonce").notNull(),
    pinnedVersionId: integer("pinned_version_id").references(() => deckVersions.id, { onDelete: "set null" }),
    allowDownload: integer("allow_download", { mode: "boolean" }).notNull().default(false),
    emailGate: integer("email_gate", { mode: "boolean" }).notNull().default(false),
    expiresAt: text("expires_at"),
    revokedAt: text("revoked_at"),
    // When the link was sent (the outreach that carried it): "never opened 5 days after sending".
    sentAt: text("sent_at"),
    createdByMemberId: integer("created_by_member_id").references(() => members.id, { onDelete: "set null" }),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    createdAt,
  },
  (t) => [
    uniqueIndex("deck_links_token").on(t.tokenHash),
    index("deck_links_investor").on(t.investorId),
    index("deck_links_deck").on(t.deckId),
  ],
);

/**
 * A visit to a link: when, which version, how long in all and on how many pages, the device class,
 * the visitor's address group (hashed, never the address), a preview bot's name when it was one
 * (shown apart, never a read), whether it looks forwarded (a new address group and device after
 * the first visit), and the address an email gate was given.
 */
export const deckViews = sqliteTable(
  "deck_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    linkId: integer("link_id")
      .notNull()
      .references(() => deckLinks.id, { onDelete: "cascade" }),
    versionId: integer("version_id").references(() => deckVersions.id, { onDelete: "set null" }),
    startedAt: text("started_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    seconds: integer("seconds").notNull().default(0),
    pagesSeen: integer("pages_seen").notNull().default(0),
    device: text("device").notNull().default("unknown"),
    addressGroupHash: text("address_group_hash").notNull(),
    bot: text("bot"),
    forwarded: integer("forwarded", { mode: "boolean" }).notNull().default(false),
    email: text("email"),
  },
  (t) => [index("deck_views_link").on(t.linkId, t.startedAt), index("deck_views_started").on(t.startedAt)],
);

/** Seconds a view spent on each page (recorded by the viewer's script; without it, none). */
export const deckViewPages = sqliteTable(
  "deck_view_pages",
  {
    viewId: integer("view_id")
      .notNull()
      .references(() => deckViews.id, { onDelete: "cascade" }),
    page: integer("page").notNull(),
    seconds: integer("seconds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.viewId, t.page] })],
);
