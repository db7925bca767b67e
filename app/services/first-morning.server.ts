import { readFirstMorningFacts } from "#db/queries/first-morning.server.ts";
import { UNREAD_BY_KEPT_PAGES, keptUntilWrite } from "#db/queries/kept.server.ts";
import type { App } from "../app-context.ts";
import { type FirstMorningStep, firstMorningSteps } from "../domain/first-morning.ts";

/** The first morning's steps for Today, or null once done; kept like the dashboard's data (the same object while unchanged). */
export function firstMorning(app: App): { steps: FirstMorningStep[] } | null {
  return keptUntilWrite(
    app.db,
    "first-morning",
    () => {
      const steps = firstMorningSteps(readFirstMorningFacts(app.db));
      return steps ? { steps } : null;
    },
    "real",
    UNREAD_BY_KEPT_PAGES,
  );
}
