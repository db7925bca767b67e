import type { App } from "../app.server.ts";
import type { Config } from "../config.server.ts";
import { type MailSyncStatus, readMailSyncStatus } from "#db/queries/mail-status.server.ts";

/** Whether mail capture is set up: a server, a user and a password (docs/decisions/014-mail-capture.md). */
export function mailConfigured(config: Config): boolean {
  return Boolean(config.IMAP_HOST && config.IMAP_USER && config.IMAP_PASSWORD);
}

/**
 * Reads new message headers from the founder's mailboxes and saves the mail contacts they name.
 * Never throws: a failure is kept in the returned status, in our own words.
 * (Groundwork: the IMAP sync itself lands with issue 12.)
 */
export async function syncMail(app: App): Promise<MailSyncStatus> {
  return readMailSyncStatus(app.db);
}
