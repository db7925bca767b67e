import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Paths from mail's pair statistics (docs/product.md#paths-from-mail, decision 065 "Paths from
 * mail"): who wrote with whom in the founder's mail, counted by the mail sync. No foreign keys:
 * addresses, not rows, and kept for every address (an investor added later is matched against mail
 * already read). Re-exported by db/schema.ts, the one file drizzle-kit reads.
 */

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
