import type { MailSkipReason } from "#app/domain/mail.ts";
import type { Db } from "../database.server.ts";
import { readState, writeState } from "./app-state.server.ts";

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
  /** Messages the last sync skipped (header too large, or unreadable): read past, never retried. */
  skipped: number;
  /**
   * The skipped messages named by mailbox and UID — nothing of their content — the newest
   * SKIPPED_SHOWN, kept from sync to sync (decision 017), so the founder can look them up.
   */
  skipped_messages: SkippedMessage[];
  last_error: string | null;
  last_error_at: string | null;
};

export type SkippedMessage = { mailbox: string; uid: number; reason: MailSkipReason };

/** How many skipped messages the status names (the newest). */
export const SKIPPED_SHOWN = 20;

const KEY = "mail_sync_status";

export const NO_MAIL_SYNC: Readonly<MailSyncStatus> = {
  started_at: null,
  finished_at: null,
  mailboxes: [],
  seen: 0,
  matched: 0,
  added: 0,
  skipped: 0,
  skipped_messages: [],
  last_error: null,
  last_error_at: null,
};

export function readMailSyncStatus(db: Db): MailSyncStatus {
  const saved = readState(db, KEY);
  if (saved === undefined) return { ...NO_MAIL_SYNC, mailboxes: [], skipped_messages: [] };
  try {
    return { ...NO_MAIL_SYNC, mailboxes: [], skipped_messages: [], ...(JSON.parse(saved) as Partial<MailSyncStatus>) };
  } catch {
    return { ...NO_MAIL_SYNC, mailboxes: [], skipped_messages: [] };
  }
}

export function saveMailSyncStatus(db: Db, status: MailSyncStatus, now: Date): void {
  const value = JSON.stringify(status);
  writeState(db, KEY, value, now);
}
