import { eq } from "drizzle-orm";
import type { AppDatabase } from "../database.server.ts";
import { appState } from "../schema.ts";

/**
 * What the last mail sync did, for /settings (docs/decisions/014-mail-capture.md). Kept in
 * app_state under one key so a restart still shows it. `last_error` is in our own words, never a
 * server's reply (which could echo an address or a password).
 */
export type MailSyncStatus = {
  started_at: string | null;
  finished_at: string | null;
  /** Mailbox paths the last sync read. */
  mailboxes: string[];
  /** Messages whose headers the last sync read, and how many of them named an investor. */
  seen: number;
  matched: number;
  /** Mail contacts added by the last sync (a message already known adds none). */
  added: number;
  last_error: string | null;
  last_error_at: string | null;
};

const KEY = "mail_sync_status";

export const NO_MAIL_SYNC: Readonly<MailSyncStatus> = {
  started_at: null,
  finished_at: null,
  mailboxes: [],
  seen: 0,
  matched: 0,
  added: 0,
  last_error: null,
  last_error_at: null,
};

export function readMailSyncStatus(db: AppDatabase): MailSyncStatus {
  const row = db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY)).get();
  if (!row) return { ...NO_MAIL_SYNC, mailboxes: [] };
  try {
    return { ...NO_MAIL_SYNC, mailboxes: [], ...(JSON.parse(row.value) as Partial<MailSyncStatus>) };
  } catch {
    return { ...NO_MAIL_SYNC, mailboxes: [] };
  }
}

export function saveMailSyncStatus(db: AppDatabase, status: MailSyncStatus, now: Date): void {
  const value = JSON.stringify(status);
  db.insert(appState)
    .values({ key: KEY, value, updatedAt: now.toISOString() })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: now.toISOString() } })
    .run();
}
