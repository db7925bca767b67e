import { randomBytes } from "node:crypto";
import { type AppDatabase, checkWritable, databaseFileError, migrateDatabase, openDatabase } from "#db/database.server.ts";
import { readState, writeState } from "#db/queries/app-state.server.ts";
import { deleteExpiredSessions } from "#db/queries/sessions.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { readIntroNotesOnce } from "#db/queries/intro-import.server.ts";
import type { App } from "./app-context.ts";
import { type PasscodeSource, generatePasscode, hashPasscode } from "./auth/passcode.server.ts";
import { systemClock } from "./clock.ts";
import { type Config, SECRET_NAMES, parseConfig } from "./config.server.ts";
import { DEFAULT_RULES, type ScoringRules } from "./domain/scoring.ts";
import { ensureDemoData } from "./jobs/demo.server.ts";
import { rescoreIfStale } from "./jobs/rescore.server.ts";
import { log, redactSecrets } from "./log.server.ts";

export type { App };

export function rulesFromConfig(config: Config): ScoringRules {
  return {
    ...DEFAULT_RULES,
    halfLifeDays: config.EVIDENCE_HALF_LIFE_DAYS,
    followUpAfterDays: config.FOLLOW_UP_AFTER_DAYS,
    // A refresh needs web search: without it no wait reason may promise one (decision 030's words).
    newsRefresh: config.TAVILY_API_KEY !== undefined,
  };
}

let current: App | undefined;

/** Boots once: config, database (migrated), session key and passcode. Throws ConfigError on bad env, DatabaseFileError on an unusable file. */
export function bootApp(env: Record<string, string | undefined> = process.env): App {
  if (current) return current;
  const config = parseConfig(env);
  redactSecrets(SECRET_NAMES.map((name) => config[name]));
  let db: AppDatabase | undefined;
  try {
    db = openDatabase(config.DATABASE_PATH);
    migrateDatabase(db);
    checkWritable(db);
    current = {
      config,
      db,
      passcode: ensurePasscode(db, config),
      sessionSecret: config.SESSION_SECRET ?? ensureStoredSecret(db, "session_secret"),
      deckLinkKey: config.DECK_LINK_SECRET ?? ensureStoredSecret(db, "deck_link_secret"),
      rules: rulesFromConfig(config),
      now: systemClock,
    };
    deleteExpiredSessions(db, current.now());
    // The team's owner exists from the first start (decision 059): the passcode signs in as them.
    ensureOwner(db, current.now());
    ensureDemoData(db, current.now(), current.rules);
    // An older import's "Intro path: …" lines of the notes become paths, once (decision 065).
    readIntroNotesOnce(db, current.now());
  } catch (error) {
    // An unusable file (read-only, not a database, a folder, no permission, a full disk) is said
    // in one line by the server, not as a stack trace (decision 058).
    current = undefined;
    if (db?.$client.open) db.$client.close();
    throw databaseFileError(config.DATABASE_PATH, error) ?? error;
  }
  // Re-scoring 10,000 investors takes a few hundred milliseconds: it goes on in short steps while
  // the server already answers (yesterday's scores for that moment), so start stays fast.
  const booted = current;
  rescoreIfStale(booted).catch((error: unknown) => {
    if (booted.db.$client.open) log.error("the re-score at start failed", { error: String(error) });
  });
  return current;
}

export function getApp(): App {
  return current ?? bootApp();
}

/** Closes the database; the next getApp() boots again (used by tests and shutdown). */
export function closeApp(): void {
  current?.db.$client.close();
  current = undefined;
}

function ensureStoredSecret(db: AppDatabase, key: string): string {
  const existing = readState(db, key);
  if (existing) return existing;
  const secret = randomBytes(32).toString("base64url");
  writeState(db, key, secret);
  return secret;
}

function ensurePasscode(db: AppDatabase, config: Config): PasscodeSource {
  if (config.ADMIN_PASSCODE) return { kind: "env", passcode: config.ADMIN_PASSCODE };
  const stored = readState(db, "passcode_hash");
  if (stored) return { kind: "hash", hash: stored };
  const passcode = generatePasscode();
  const hash = hashPasscode(passcode);
  writeState(db, "passcode_hash", hash);
  // Printed once, on the start that created it; only its hash is kept.
  console.log(
    `\n  No ADMIN_PASSCODE is set, so one was generated for you: ${passcode}\n` +
      "  Write it down: it is shown only this once (only its hash is stored).\n" +
      "  To choose your own, set ADMIN_PASSCODE.\n",
  );
  log.info("generated an admin passcode and stored its hash");
  return { kind: "hash", hash };
}
