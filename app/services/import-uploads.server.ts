import { randomUUID } from "node:crypto";

/**
 * Files waiting between their preview and the founder's "Import": the preview page carries only
 * a token, so a 20,000-row file is not sent back and forth inside the page. In memory, a few at a
 * time, for an hour: after a restart the founder uploads the file again (the page says so).
 */

const KEPT = 3;
const KEPT_MS = 60 * 60 * 1000;

type Upload = { bytes: Uint8Array; name: string; at: number };
const uploads = new Map<string, Upload>();

export function keepUpload(bytes: Uint8Array, name: string, now: number): string {
  for (const [token, upload] of uploads) if (now - upload.at > KEPT_MS) uploads.delete(token);
  while (uploads.size >= KEPT) {
    const oldest = uploads.keys().next().value;
    if (oldest === undefined) break;
    uploads.delete(oldest);
  }
  const token = randomUUID();
  uploads.set(token, { bytes, name, at: now });
  return token;
}

export function findUpload(token: string, now: number): Upload | undefined {
  const upload = uploads.get(token);
  if (!upload || now - upload.at > KEPT_MS) return undefined;
  return upload;
}

export function forgetUpload(token: string): void {
  uploads.delete(token);
}

/**
 * What an import did, kept for the page the founder lands on after it and for the download of
 * its refused rows (a plain GET link, so it works without JavaScript). Kept like the files: a
 * few at a time, for an hour, in memory; at most one file's rows (20,000) each.
 */
export type ImportOutcome = {
  created: number;
  updated: number;
  /** "3 change status, 2 get a new last contact". */
  changes: string;
  unchanged: number;
  /** "19 statuses and 2 stages mapped by you", or "" (decision 052). */
  chosen: string;
  /** Cells of imported rows left out (the preview listed each with its reason). */
  cellsLeftOut: number;
  /** "Jonas (22 rows) is not on your team yet — …", or "" (decision 062). */
  owners: string;
  /** "12 intro paths through 9 people" added from the Intro via column (decision 065), or "". */
  intro: string;
  /** The file's header row, for the download's columns. */
  header: string[];
  refused: Array<{ line: number; name: string; reasons: string[]; cells: string[] }>;
};

const outcomes = new Map<string, { outcome: ImportOutcome; at: number }>();

export function keepOutcome(outcome: ImportOutcome, now: number): string {
  for (const [token, kept] of outcomes) if (now - kept.at > KEPT_MS) outcomes.delete(token);
  while (outcomes.size >= KEPT) {
    const oldest = outcomes.keys().next().value;
    if (oldest === undefined) break;
    outcomes.delete(oldest);
  }
  const token = randomUUID();
  outcomes.set(token, { outcome, at: now });
  return token;
}

export function findOutcome(token: string, now: number): ImportOutcome | undefined {
  const kept = outcomes.get(token);
  if (!kept || now - kept.at > KEPT_MS) return undefined;
  return kept.outcome;
}

/** Seconds a refused import is told to wait: a 20,000-row file is read in about three. */
export const IMPORT_BUSY_RETRY_SECONDS = 5;

/** Who sends an import: a member (by id, with the name teammates know), else nobody named (a script's system actor). */
export type ImportReader = { memberId: number; name: string } | null;

let reading: { reader: ImportReader } | null = null;

/**
 * The words for an import refused because another is being read: whose it is, when the app knows
 * (a founder who sent two back to back was told it might be "a teammate's").
 */
export function busySentence(current: ImportReader, asking: ImportReader): string {
  const retry = "Try again in a few seconds: nothing was saved.";
  if (current && asking && current.memberId === asking.memberId)
    return `Your other import is still being read (in another tab, or the one you just sent). ${retry}`;
  if (current) return `${current.name}'s import is being read right now. ${retry}`;
  return `Another import is being read right now. ${retry}`;
}

/**
 * One import read at a time in this process (a file parsed, planned and previewed or committed):
 * each holds its file's rows, and two 20,000-row workbooks at once took the server's heap (an
 * attack: two co-founders, or two tabs, was enough). Another import meanwhile is refused at once,
 * before its body is read, with the words to say (whose import is being read) and a Retry-After;
 * the team's one process answers everything else as before.
 */
export async function oneImportAtATime<T>(
  read: () => Promise<T>,
  reader: ImportReader = null,
): Promise<T | { busy: string; retryAfterSeconds: number }> {
  if (reading) return { busy: busySentence(reading.reader, reader), retryAfterSeconds: IMPORT_BUSY_RETRY_SECONDS };
  reading = { reader };
  try {
    return await read();
  } finally {
    reading = null;
  }
}
