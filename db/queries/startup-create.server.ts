import type { Currency } from "#app/domain/currency.ts";
import type { Rubric, StartupInput } from "#app/domain/rubric/schema.ts";
import type { Db } from "../database.server.ts";
import { rubrics, startups } from "../schema.ts";

export type StartupRow = typeof startups.$inferSelect;
export type RubricSource = "model" | "default";

/** A round size as the founder wrote it: the amount in its own currency. */
export type WrittenRound = { amount: number; currency: Currency };

/**
 * A startup and its first rubric. The round size is `round` as written when given (the form's),
 * else the API's `round_size` in US dollars.
 */
export function createStartup(
  db: Db,
  input: StartupInput,
  rubric: Rubric,
  source: RubricSource,
  now: Date,
  round: WrittenRound | null = null,
): StartupRow {
  return db.transaction((tx) => {
    const stamp = now.toISOString();
    const row = tx
      .insert(startups)
      .values({
        name: input.name,
        pitch: input.pitch,
        sector: input.sector,
        stage: input.stage,
        geography: input.geography ?? null,
        roundSize: round ? round.amount : (input.round_size ?? null),
        roundCurrency: round ? round.currency : null,
        ask: input.ask ?? null,
        roleWanted: input.role_wanted ?? null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning()
      .get();
    tx.insert(rubrics).values({ startupId: row.id, version: 1, source, rubric, createdAt: stamp }).run();
    return row;
  });
}
