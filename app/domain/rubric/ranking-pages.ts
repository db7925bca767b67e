import { RELATIONSHIP_STATUSES, type RelationshipStatus } from "../vocabulary.ts";

/** Investors a list of a startup's ranking shows at once (decision 071): its page never grows with the pipeline. */
export const RANKING_PAGE_SIZE = 50;

/** The three lists of a startup's ranking: the investors still to win, those in the round, those out of it. */
export const RANKING_LISTS = ["active", "in_round", "out"] as const;
export type RankingList = (typeof RANKING_LISTS)[number];

const IN_THE_ROUND: readonly RelationshipStatus[] = ["committed", "soft_committed"];
const OUT: readonly RelationshipStatus[] = ["passed", "not_a_fit"];

/** The relationship statuses a list holds; each status is in exactly one list. */
export function statusesOf(list: RankingList): RelationshipStatus[] {
  if (list === "in_round") return [...IN_THE_ROUND];
  if (list === "out") return [...OUT];
  return RELATIONSHIP_STATUSES.filter((status) => !IN_THE_ROUND.includes(status) && !OUT.includes(status));
}

/** The list an investor of this status is in. */
export function rankingListOf(status: RelationshipStatus): RankingList {
  return IN_THE_ROUND.includes(status) ? "in_round" : OUT.includes(status) ? "out" : "active";
}

/** The query parameter that turns a list's pages: `?page=` for the main ranking, `?in_round_page=`, `?out_page=`. */
export function pageParam(list: RankingList): string {
  return list === "active" ? "page" : `${list}_page`;
}

/** The page asked for: a whole number from 1; anything else (missing, 0, "abc", "2.5") is the first. */
export function askedPage(value: string | null): number {
  if (!value || !/^\d{1,9}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export type PageWindow = { page: number; pages: number; offset: number; limit: number; total: number };

/** Which rows a page shows of `total`: a page past the last shows the last (an emptied list shows page 1). */
export function pageWindow(asked: number, total: number, size = RANKING_PAGE_SIZE): PageWindow {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, asked), pages);
  return { page, pages, offset: (page - 1) * size, limit: size, total };
}

/** "1–50 of 30,000", "51–60 of 60", or "none" for an empty list. */
export function pageRangeText(window: PageWindow, shown: number): string {
  if (window.total === 0 || shown === 0) return "none";
  const first = window.offset + 1;
  const last = window.offset + shown;
  return `${first.toLocaleString("en")}–${last.toLocaleString("en")} of ${window.total.toLocaleString("en")}`;
}

/**
 * The link to another page of one list: the other lists keep their pages; a notice or an error in
 * the address (a save's answer) is not carried to the next page.
 */
export function pageHref(pathname: string, search: string, list: RankingList, page: number): string {
  const current = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const each of RANKING_LISTS) {
    const value = each === list ? (page > 1 ? String(page) : null) : current.get(pageParam(each));
    if (value && askedPage(value) > 1) params.set(pageParam(each), value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
