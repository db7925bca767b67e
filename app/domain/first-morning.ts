/**
 * The first morning's guide (docs/product.md#today-and-emailed): three steps in the order a new
 * founder takes them, each ticked from what the pipeline already holds, so nothing is stored to
 * remember them: a startup added, investors in the pipeline, and a first contact recorded (which
 * only happens once Today has been read and acted on: an import writes no contact entry).
 */
export type FirstMorningFacts = {
  /** A startup the founder is raising for (the rubric "Email first" ranks against). */
  startup: boolean;
  /** At least one investor, imported or added by hand. */
  investors: boolean;
  /** At least one entry in a contact history ("Emailed", "Log", or the investor page's form). */
  contacted: boolean;
};

export type FirstMorningStep = { key: "startup" | "import" | "today"; done: boolean };

/** The steps in order, or null once all three are done (the guide is then gone for good). */
export function firstMorningSteps(facts: FirstMorningFacts): FirstMorningStep[] | null {
  const steps: FirstMorningStep[] = [
    { key: "startup", done: facts.startup },
    { key: "import", done: facts.investors },
    { key: "today", done: facts.contacted },
  ];
  return steps.every((step) => step.done) ? null : steps;
}

/**
 * "26 imported, 3 updated, 2 refused; 19 statuses mapped by you; 4 cells left out": what an import
 * did in one line, the zero counts left out but the first. Cells left out are counted, so the
 * line never reads as if everything was read while some cells were not (decision 052).
 */
export function importedSentence(counts: {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  chosen?: string;
  cellsLeftOut?: number;
}): string {
  const parts = [`${counts.created} imported`];
  if (counts.updated > 0) parts.push(`${counts.updated} updated`);
  if (counts.unchanged > 0) parts.push(`${counts.unchanged} unchanged`);
  if (counts.refused > 0) parts.push(`${counts.refused} refused`);
  const more = [parts.join(", ")];
  if (counts.chosen) more.push(counts.chosen);
  if (counts.cellsLeftOut) more.push(`${counts.cellsLeftOut} ${counts.cellsLeftOut === 1 ? "cell" : "cells"} left out`);
  return more.join("; ");
}
