import { sql } from "drizzle-orm";
import { blob, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DECK_STATUSES } from "../app/domain/decks.ts";
import { startups } from "./schema.ts";
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
