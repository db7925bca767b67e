import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Runs steps (a generator that pauses between pieces of work, such as parseInvestorCsvSteps)
 * to their end, giving the event loop back at every pause: other requests are answered between
 * the pieces instead of after the whole.
 */
export async function finishInTurns<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await nextTurn();
  }
}
