import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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

/**
 * Who wrote with whom in the founder's mail (docs/product.md#paths-from-mail, migration
 * 0020_mail_pairs): one row per unordered pair of addresses (`address_a` < `address_b`) and thread
 * they shared, with how many messages each side wrote with the other on it and the first and last
 * date. Pair statistics (threads, messages each way, first and last) are these rows grouped by
 * pair, so a thread is counted once however many messages it has: a thread of 10,000 replies
 * between three people is three rows. Written in the mail sync's batch transaction.
 */
export const mailPairThreads = sqliteTable(
  "mail_pair_threads",
  {
    addressA: text("address_a").notNull(),
    addressB: text("address_b").notNull(),
    threadKey: text("thread_key").notNull(),
    aWrote: integer("a_wrote").notNull().default(0),
    bWrote: integer("b_wrote").notNull().default(0),
    firstAt: text("first_at").notNull(),
    lastAt: text("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.addressA, t.addressB, t.threadKey] })],
);

/**
 * The messages pair statistics have counted, by Message-ID: a mailbox read again from the start,
 * or the copy of a message in Sent after the one in the inbox, counts nothing twice.
 */
export const mailCountedMessages = sqliteTable("mail_counted_messages", {
  messageId: text("message_id").primaryKey(),
});

/** A sender's display name as their latest message wrote it: a person made from mail is named by it. */
export const mailSenders = sqliteTable("mail_senders", {
  address: text("address").primaryKey(),
  name: text("name").notNull(),
  lastAt: text("last_at").notNull(),
});
