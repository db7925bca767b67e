import { STAGE_LABELS, type Stage } from "../vocabulary.ts";

/**
 * The news searches a startup's rubric asks for (sector × stage × geography), most specific
 * first, so a small weekly credit budget spends on the combinations that matter. Pure.
 */

export type RubricWords = { sector_keywords: readonly string[]; stages: readonly Stage[]; geographies: readonly string[] };

export const MAX_QUERIES_PER_STARTUP = 6;

export function dealSearchQueries(rubrics: readonly RubricWords[], max = MAX_QUERIES_PER_STARTUP * rubrics.length): string[] {
  const queries = new Set<string>();
  const perStartup = rubrics.map((rubric) => startupQueries(rubric));
  // Round-robin over startups: each startup's best query before anyone's second.
  for (let round = 0; round < MAX_QUERIES_PER_STARTUP; round++) {
    for (const list of perStartup) {
      const query = list[round];
      if (query) queries.add(query);
      if (queries.size >= max) return [...queries];
    }
  }
  return [...queries];
}

function startupQueries(rubric: RubricWords): string[] {
  const sectors = rubric.sector_keywords
    .slice(0, 3)
    .map(clean)
    .filter((word) => word !== "");
  const stages = rubric.stages.map((stage) => (stage === "series_b_plus" ? "Series B" : STAGE_LABELS[stage]));
  const places = rubric.geographies
    .slice(0, 2)
    .map(clean)
    .filter((word) => word !== "");
  const queries: string[] = [];
  for (const sector of sectors.length > 0 ? sectors : ["startup"]) {
    for (const stage of stages.length > 0 ? stages : [""]) {
      for (const place of places.length > 0 ? places : [""]) {
        queries.push([sector, stage, "funding round led by", place].filter((part) => part !== "").join(" "));
        if (queries.length >= MAX_QUERIES_PER_STARTUP) return queries;
      }
    }
  }
  return queries;
}

function clean(word: string): string {
  return word.replace(/["()]/g, " ").replace(/\s+/g, " ").trim().slice(0, 60);
}
