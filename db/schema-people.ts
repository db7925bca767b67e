import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ACTIVITY_KINDS, MEMBER_ROLES, SYSTEM_ACTORS } from "../app/domain/people.ts";

/**
 * The team (docs/product.md#the-team, decision 059): the people who sign in, how they prove it
 * (passkeys, a passphrase, personal API tokens), the invitations that bring them in, and the
 * activity that says who changed what. Re-exported by db/schema.ts, the one file drizzle-kit reads.
 */

const createdAt = text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * A person of the team. The first row is the owner, who signs in with the installation's passcode
 * (its recovery) and invites the others; a disabled member signs in no more, and their history
 * stays under their name. Demo members (`is_demo`) are the synthetic team of /demo.
 */
export const members = sqliteTable(
  "members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    role: text("role", { enum: MEMBER_ROLES }).notNull().default("member"),
    // scrypt of a passphrase of their own (where passkeys are not available); null = none.
    passphraseHash: text("passphrase_hash"),
    // The WebAuthn user handle (random, base64url): never the row id, so it says nothing.
    webauthnUserId: text("webauthn_user_id"),
    disabledAt: text("disabled_at"),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    createdAt,
  },
  (t) => [index("members_demo").on(t.isDemo, t.id), index("members_email").on(sql`lower(${t.email})`)],
);

/** A member's passkeys (WebAuthn credentials): the public key and its signature counter. */
export const memberPasskeys = sqliteTable(
  "member_passkeys",
  {
    credentialId: text("credential_id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    name: text("name").notNull().default(""),
    createdAt,
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("member_passkeys_member").on(t.memberId)],
);

/** An invitation: single use, valid 7 days; only the token's SHA-256 is kept. */
export const invites = sqliteTable(
  "invites",
  {
    tokenHash: text("token_hash").primaryKey(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => members.id),
    // The name the owner wrote for them (a guess the invitee may change), and the role they get.
    name: text("name"),
    role: text("role", { enum: MEMBER_ROLES }).notNull().default("member"),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    usedBy: integer("used_by").references(() => members.id),
    createdAt,
  },
  (t) => [index("invites_expires").on(t.expiresAt)],
);

/** A member's personal API token (created and revoked on /settings); only its SHA-256 is kept. */
export const memberTokens = sqliteTable(
  "member_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt,
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("member_tokens_hash").on(t.tokenHash), index("member_tokens_member").on(t.memberId)],
);

/**
 * Who changed what (decision 059): one row per change, written in the transaction of the change,
 * by a member (`actor_member_id`) or a named system actor (`actor_system`: the refresh, the mail
 * sync, discovery, the morning re-score). `investor_id` is not a foreign key: the record of a
 * deleted or merged investor stays, with the name it had (`subject`). `detail` is JSON whose shape
 * the kind names (app/domain/people.ts).
 */
export const activity = sqliteTable(
  "activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull(),
    actorMemberId: integer("actor_member_id").references(() => members.id),
    actorSystem: text("actor_system", { enum: SYSTEM_ACTORS }),
    investorId: integer("investor_id"),
    subject: text("subject").notNull().default(""),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("activity_investor").on(t.investorId, t.id), index("activity_demo").on(t.isDemo, t.id)],
);
