import { getInvestor } from "#db/queries/investor-row.server.ts";
import { writeInBackground } from "#db/queries/kept.server.ts";
import { LeaseLost, saveGroupSearchResults, saveSearchResults } from "#db/queries/refresh.server.ts";
import { isHttpUrl } from "../domain/investor.ts";
import { investorsNamedIn, queryName } from "../domain/name-match.ts";
import { describeFailure } from "../integrations/errors.ts";
import type { RefreshDeps } from "./refresh-deps.ts";

/** A refresh's searches (docs/product.md#the-refresh): one investor alone, or a group of quieter ones in one query. */

export const SEARCH_WINDOW_DAYS = 30;
/** Days a grouped search looks back: the news since the previous refresh, with margin. */
export const GROUP_SEARCH_WINDOW_DAYS = 7;

function searchQuery(name: string, firm: string | null): string {
  return firm ? `"${name}" ${firm}` : `"${name}" investor`;
}

/** Searches one investor (news, plus LinkedIn when asked) and saves what is new. */
export async function searchInvestor(
  deps: RefreshDeps,
  runId: string,
  investorId: number,
  linkedin: boolean,
): Promise<{ searched: boolean; errors: string[] }> {
  const investor = getInvestor(deps.db, investorId, false);
  if (!investor) return { searched: false, errors: [] };
  const errors: string[] = [];
  const pages: Parameters<typeof saveSearchResults>[1]["pages"] = [];
  let credits = 0;
  let answered = 0;
  const queries: Array<{ source: "news" | "linkedin"; includeDomains?: string[] }> = [{ source: "news" }];
  if (linkedin) queries.push({ source: "linkedin", includeDomains: ["linkedin.com"] });
  for (const query of queries) {
    try {
      const response = await deps.search!.search(searchQuery(investor.name, investor.firm), {
        days: SEARCH_WINDOW_DAYS,
        includeDomains: query.includeDomains,
        maxResults: 5,
      });
      credits += response.credits;
      answered++;
      for (const result of response.results) {
        if (!isHttpUrl(result.url)) continue;
        pages.push({
          url: result.url.split("#")[0]!,
          title: result.title,
          content: result.content,
          publishedAt: result.publishedAt,
          source: query.source,
        });
      }
    } catch (error) {
      errors.push(`search for investor ${investorId} failed: ${describeFailure(error)}`);
    }
  }
  if (answered === 0) return { searched: false, errors };
  writeInBackground(deps.db, () =>
    saveSearchResults(deps.db, { runId, investorId, pages, credits, now: deps.now(), leaseOwner: deps.owner }),
  );
  return { searched: true, errors };
}

/**
 * One news search naming a group of quieter investors; each page is saved under the investors it
 * names (whole names, see name-match.ts). It looks back to the group's stalest check (at least a
 * week, at most the 30-day window), so a first check of a quiet investor still sees a month.
 */
export async function searchGroup(deps: RefreshDeps, runId: string, ids: number[]): Promise<{ searched: boolean; errors: string[] }> {
  const members = ids.map((id) => getInvestor(deps.db, id, false)).filter((row) => row !== undefined);
  if (members.length === 0) return { searched: false, errors: [] };
  const now = deps.now();
  const stalest = Math.max(
    ...members.map((row) => (row.signalsCheckedAt ? (now.getTime() - Date.parse(row.signalsCheckedAt)) / 86_400_000 : SEARCH_WINDOW_DAYS)),
  );
  const days = Math.min(SEARCH_WINDOW_DAYS, Math.max(GROUP_SEARCH_WINDOW_DAYS, Math.ceil(stalest)));
  try {
    const response = await deps.search!.search(members.map((row) => `"${queryName(row.name)}"`).join(" OR "), { days, maxResults: 10 });
    const pagesByInvestor = new Map<number, Parameters<typeof saveSearchResults>[1]["pages"]>(members.map((row) => [row.id, []]));
    for (const result of response.results) {
      if (!isHttpUrl(result.url)) continue;
      for (const id of investorsNamedIn(`${result.title} ${result.content}`, members)) {
        pagesByInvestor.get(id)!.push({
          url: result.url.split("#")[0]!,
          title: result.title,
          content: result.content,
          publishedAt: result.publishedAt,
          source: "news",
        });
      }
    }
    writeInBackground(deps.db, () =>
      saveGroupSearchResults(deps.db, { runId, pagesByInvestor, searchedIds: ids, credits: response.credits, now, leaseOwner: deps.owner }),
    );
    return { searched: true, errors: [] };
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    return { searched: false, errors: [`grouped search for investors ${ids.join(", ")} failed: ${describeFailure(error)}`] };
  }
}
