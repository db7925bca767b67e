import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { members } from "./schema-people.ts";

/**
 * Warm intros (docs/product.md#warm-intros, decision 065): the people who can introduce the team
 * to an investor (their paths, `intro_paths`, are in db/schema.ts beside the investors they lead to).
 * Re-exported by db/schema.ts, the one file drizzle-kit reads.
 */

const createdAt = text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * A person who can introduce the team (a connector): never an investor of the pipeline nor a
 * member. Made from an import's Intro via column, by hand, or from mail. `name_key` is
 * personNameKey(name): one person per spelling on each side (real, demo).
 */
export const people = sqliteTable(
  "people",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    organisation: text("organisation"),
    // The member who knows them (the path runs through them); null when nobody said.
    knownByMemberId: integer("known_by_member_id").references(() => members.id, { onDelete: "set null" }),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex("people_demo_name").on(t.isDemo, t.nameKey)],
);

/** A person's email addresses, lowercased: how mail finds them. */
export const personAddresses = sqliteTable(
  "person_addresses",
  {
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
  },
  (t) => [uniqueIndex("person_addresses_person_address").on(t.personId, t.address), index("person_addresses_address").on(t.address)],
);
