import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { INTRO_SOURCES, INTRO_STATES, PATH_TIERS } from "../app/domain/intros.ts";
import { investors } from "./schema.ts";
import { members } from "./schema-people.ts";

/**
 * Warm intros (docs/product.md#warm-intros, decision 065): the people who can introduce the team
 * to an investor and the paths they make. Re-exported by db/schema.ts, the one file drizzle-kit reads.
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

/**
 * A path to an investor: through a person (`person_id`) the member `member_id` knows, or the
 * member's own mail with the investor (`person_id` null: direct). One path per (investor, person,
 * member). `tier` and `evidence` are measured for mail paths; a sheet's or a member's word has no
 * tier. The intro's own state lives on the path: to ask → asked (`asked_on`) → agreed → introduced,
 * or declined, moved by a member (`state_by_member_id`, `state_at`).
 */
export const introPaths = sqliteTable(
  "intro_paths",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investorId: integer("investor_id")
      .notNull()
      .references(() => investors.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    source: text("source", { enum: INTRO_SOURCES }).notNull(),
    tier: text("tier", { enum: PATH_TIERS }),
    // Why the app believes it, in words (mail's counts; the sheet's own words, e.g. "ex-colleague").
    evidence: text("evidence").notNull().default(""),
    state: text("state", { enum: INTRO_STATES }).notNull().default("to_ask"),
    askedOn: text("asked_on"),
    stateAt: text("state_at"),
    stateByMemberId: integer("state_by_member_id").references(() => members.id, { onDelete: "set null" }),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("intro_paths_unique").on(t.investorId, sql`coalesce(${t.personId}, 0)`, sql`coalesce(${t.memberId}, 0)`),
    index("intro_paths_person").on(t.personId),
    index("intro_paths_demo_state").on(t.isDemo, t.state),
  ],
);
