import type { AppDatabase } from "#db/database.server.ts";
import type { PasscodeSource } from "./auth/passcode.server.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.server.ts";
import type { ScoringRules } from "./domain/scoring.ts";

/**
 * Everything a request needs from the process: validated config, the one database connection.
 * Built once by `bootApp()` (app.server.ts); services and jobs take it as their first argument.
 * Its own module, of types only, so that what app.server.ts starts at boot can name it without
 * importing app.server.ts back.
 */
export type App = {
  config: Config;
  db: AppDatabase;
  passcode: PasscodeSource;
  sessionSecret: string;
  /** The key deck links' tokens are derived with (app/auth/deck-link-token.server.ts, decision 068). */
  deckLinkKey: string;
  rules: ScoringRules;
  now: Clock;
};
