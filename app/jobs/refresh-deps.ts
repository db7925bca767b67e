import type { AppDatabase } from "#db/database.server.ts";
import type { ScoringRules } from "../domain/scoring.ts";
import type { LanguageModel, ModelCall } from "../integrations/model.server.ts";
import type { WebSearch } from "../integrations/search.server.ts";

/** What a refresh works with: the database, the rules, the clock, the services and its budgets (app/jobs/worker.server.ts builds it from the App). */
export type RefreshDeps = {
  db: AppDatabase;
  rules: ScoringRules;
  now: () => Date;
  runBudgetSeconds: number;
  creditBudget: number;
  search: WebSearch | undefined;
  /** Builds the model router for one batch; `onCall` counts every call a run makes. */
  createModel: (onCall: (call: ModelCall) => void) => LanguageModel | undefined;
  owner: string;
  leaseMs?: number;
  batchSize?: number;
  /** Asked between investors: true when the process is shutting down. */
  shouldStop?: () => boolean;
  /** True when a lease owner is known to be dead (a crashed process on this machine). */
  isOwnerGone?: (owner: string | null) => boolean;
  /** Names per grouped search; 1 turns grouped searches off. */
  searchGroupSize?: number;
  /** Plan rows saved a transaction at a time as a run starts (default 1,000; tests use fewer). */
  planChunkRows?: number;
};
