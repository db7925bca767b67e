import type { App } from "#app/app.server.ts";
import { parseConfig } from "#app/config.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { fakeApp } from "./app.ts";
import type { Dovecot } from "./dovecot.ts";

/** The IMAP_* settings that point at a test Dovecot. */
export function mailEnv(
  dovecot: Pick<Dovecot, "host" | "port" | "user" | "password">,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    IMAP_HOST: dovecot.host,
    IMAP_PORT: String(dovecot.port),
    IMAP_USER: dovecot.user,
    IMAP_PASSWORD: dovecot.password,
    IMAP_TLS: "true",
    ...extra,
  };
}

/** An App around a test database, configured for mail capture from `env`. */
export function mailApp(db: AppDatabase, env: Record<string, string>, now: () => Date = () => new Date()): App {
  return fakeApp(db, undefined, { config: parseConfig({ SCHEDULER_ENABLED: "false", ...env }), now });
}

/** Adds an investor; returns its id. */
export function addInvestor(db: AppDatabase, name: string, email: string | null, options: { demo?: boolean } = {}): number {
  const result = db.$client.prepare("insert into investors (name, email, is_demo) values (?, ?, ?)").run(name, email, options.demo ? 1 : 0);
  return Number(result.lastInsertRowid);
}

export type ContactRow = { investor_id: number; message_id: string; direction: string; sent_at: string; subject: string };

export function mailContacts(db: AppDatabase): ContactRow[] {
  return db.$client
    .prepare("select investor_id, message_id, direction, sent_at, subject from mail_contacts order by message_id, investor_id")
    .all() as ContactRow[];
}
