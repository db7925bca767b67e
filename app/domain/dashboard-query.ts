import { ACTIONS, RELATIONSHIP_STATUSES } from "./vocabulary.ts";

export const INVESTOR_SORTS = ["score", "name", "action", "status", "last_contact", "checked"] as const;
export const PAGE_SIZE = 50;

export type DashboardQuery = {
  q: string;
  action?: (typeof ACTIONS)[number];
  status?: (typeof RELATIONSHIP_STATUSES)[number];
  sort: (typeof INVESTOR_SORTS)[number];
  dir: "asc" | "desc";
  page: number;
  for?: number;
  /** "Mine" (`?mine=1`, decision 062): only the signed-in member's investors. */
  mine?: true;
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((item) => item === value);
}

/** The longest search the filter reads; the form's input says it too, so a browser never sends more. */
export const MAX_FILTER_QUERY_CHARS = 200;

/**
 * The dashboard's filters, sort and page as URL search params (so they work without
 * JavaScript and can be bookmarked). A bad value falls back to the default rather than failing.
 * Plain code, not a zod schema: this module is in the dashboard's browser bundle.
 */
export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  const q = (params.get("q") ?? "").trim();
  const sort = oneOf(INVESTOR_SORTS, params.get("sort")) ?? "score";
  const page = Number(params.get("page") || Number.NaN);
  // Rank by one startup's score instead of the overall score (docs/product.md#scoring-and-actions).
  const startupId = Number(params.get("for") || Number.NaN);
  const defaultDir = sort === "name" || sort === "status" || sort === "action" ? "asc" : "desc";
  return {
    q: q.length <= MAX_FILTER_QUERY_CHARS ? q : "",
    action: oneOf(ACTIONS, params.get("action")),
    status: oneOf(RELATIONSHIP_STATUSES, params.get("status")),
    sort,
    dir: oneOf(["asc", "desc"] as const, params.get("dir")) ?? defaultDir,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    for: Number.isSafeInteger(startupId) && startupId >= 1 ? startupId : undefined,
    ...(params.get("mine") === "1" ? { mine: true as const } : {}),
  };
}

/** The URL search string for a query, dropping defaults so links stay short. */
export function dashboardSearch(query: DashboardQuery, change: Partial<DashboardQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.action) params.set("action", next.action);
  if (next.status) params.set("status", next.status);
  if (next.sort !== "score") params.set("sort", next.sort);
  params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.for) params.set("for", String(next.for));
  if (next.mine) params.set("mine", "1");
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** `?all=email_first` shows one Today list whole; anything else shows the short lists. */
export function parseTodayExpand(params: URLSearchParams): "email_first" | "follow_up" | "dont_chase" | null {
  const value = params.get("all");
  return value === "email_first" || value === "follow_up" || value === "dont_chase" ? value : null;
}
