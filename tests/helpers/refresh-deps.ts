import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { modelFromConfig } from "#app/integrations/model.server.ts";
import { createTavilySearch } from "#app/integrations/search.server.ts";
import type { RefreshDeps } from "#app/jobs/refresh.server.ts";
import type { AppDatabase } from "#db/database.server.ts";

/**
 * A refresh's dependencies for tests: the real Tavily client and model router pointed at the fakes
 * (tests/fakes), a fixed clock, 100 credits, batches of five; `fallbackUrl` adds the
 * OpenAI-compatible route behind Gemini.
 */
export function testRefreshDeps(
  setup: { db: AppDatabase; now: Date; tavilyUrl: string; geminiUrl: string; fallbackUrl?: string },
  overrides: Partial<RefreshDeps> = {},
): RefreshDeps {
  return {
    db: setup.db,
    rules: DEFAULT_RULES,
    now: () => setup.now,
    runBudgetSeconds: 50,
    creditBudget: 100,
    search: createTavilySearch({ apiKey: "tvly-test", baseUrl: setup.tavilyUrl, retries: 0, sleep: async () => {} }),
    createModel: (onCall) =>
      modelFromConfig(
        {
          GEMINI_API_KEY: "gemini-test",
          GEMINI_MODEL: "gemini-test",
          GEMINI_BASE_URL: setup.geminiUrl,
          ...(setup.fallbackUrl ? { LLM_FALLBACK_BASE_URL: `${setup.fallbackUrl}/v1`, LLM_FALLBACK_API_KEY: "fallback-test" } : {}),
        },
        onCall,
      ),
    owner: "test-process",
    batchSize: 5,
    ...overrides,
  };
}
