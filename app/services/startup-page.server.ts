import { loadFounderSettings } from "#db/queries/founder-settings.server.ts";
import { rankingInputsOf, rankingListCount, rankingListIds } from "#db/queries/startup-ranking-page.server.ts";
import { getStartup, latestRubric, listStartups } from "#db/queries/startups.server.ts";
import type { App } from "../app-context.ts";
import { RANKING_LISTS, type RankingList, askedPage, pageParam, pageWindow, statusesOf } from "../domain/rubric/ranking-pages.ts";
import { roundRaisingNow } from "../domain/round.ts";
import { startupDeckLinks } from "./deck-links.server.ts";
import { deckSection } from "./decks.server.ts";

/** Whether a real startup with this id exists (its page's actions answer 404 otherwise). */
export function startupExists(app: App, id: number): boolean {
  return getStartup(app.db, id) !== undefined;
}

type RankingInputs = ReturnType<typeof rankingInputsOf>;
export type RankingListPage = { page: number; pages: number; offset: number; total: number; inputs: RankingInputs };

/**
 * One page of each of the ranking's lists (decision 071): how many investors the list holds, and
 * what the ranking reads of the ≤ RANKING_PAGE_SIZE shown, the page picked by the list's own
 * parameter (`?page=`, `?in_round_page=`, `?out_page=`). Nothing here grows with the pipeline.
 */
export function startupRankingPages(app: App, startupId: number, params: URLSearchParams): Record<RankingList, RankingListPage> {
  const pages = {} as Record<RankingList, RankingListPage>;
  for (const list of RANKING_LISTS) {
    const statuses = statusesOf(list);
    const window = pageWindow(askedPage(params.get(pageParam(list))), rankingListCount(app.db, startupId, statuses));
    const ids = window.total === 0 ? [] : rankingListIds(app.db, startupId, statuses, window.limit, window.offset);
    pages[list] = {
      page: window.page,
      pages: window.pages,
      offset: window.offset,
      total: window.total,
      inputs: rankingInputsOf(app.db, startupId, ids),
    };
  }
  return pages;
}

/** What a startup's page shows (app/routes/startup.tsx), or undefined when there is no such startup with a rubric. */
export function startupPage(app: App, id: number, url: URL) {
  const startup = getStartup(app.db, id);
  const current = startup ? latestRubric(app.db, id) : undefined;
  if (!startup || !current) return undefined;
  // A startup's drafts pitch that startup; the founder's name and meeting link come from /settings.
  const { founderName, meetingLink } = loadFounderSettings(app.db, app.config);
  const all = listStartups(app.db);
  return {
    startup,
    rubric: current.rubric,
    source: current.source,
    version: current.version,
    ranking: startupRankingPages(app, id, url.searchParams),
    now: app.now().toISOString(),
    rules: app.rules,
    founder: { founderName, meetingLink },
    notice: url.searchParams.get("notice"),
    round: { several: all.length > 1, refused: url.searchParams.get("round_error") },
    // A notice is green only when the service answered: "not configured" and "did not answer" are not success.
    noticeTone: (["info", "bad"] as const).find((tone) => tone === url.searchParams.get("tone")) ?? "good",
    startupCount: all.length,
    // Whose score is every investor's own (decision 039): the round raising now, if any.
    raisingNow: roundRaisingNow(all)?.name ?? null,
    // The deck (decision 067): its versions and the newest ready one's pages.
    deck: deckSection(app, id),
    deckNotice: url.searchParams.get("deck_notice"),
    deckError: url.searchParams.get("deck_error"),
    // Its links and their views (decision 068).
    deckLinks: startupDeckLinks(app, id, url.origin) ?? [],
    deckLinkNotice: url.searchParams.get("deck_link_notice"),
    deckLinkError: url.searchParams.get("deck_link_error"),
  };
}
