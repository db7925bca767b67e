import type { App } from "#app/app-context.ts";
import { parseConfig } from "#app/config.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import type { AppDatabase } from "#db/database.server.ts";

/**
 * A whole `App` for a test that calls a service or a job directly: the test's database, the
 * default config (as an empty environment parses), the default scoring rules, a passcode from the
 * environment and a clock fixed at `now`. Any part can be given instead.
 */
export function fakeApp(db: AppDatabase, now: Date = new Date("2026-11-25T12:00:00Z"), parts: Partial<App> = {}): App {
  return {
    config: parseConfig({}),
    db,
    passcode: { kind: "env", passcode: "fake-app-passcode" },
    sessionSecret: "fake-app-session-secret-0123456789abcdef",
    deckLinkKey: "fake-app-deck-link-key-0123456789abcdef",
    rules: DEFAULT_RULES,
    now: () => now,
    ...parts,
  };
}
