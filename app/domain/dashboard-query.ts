import { z } from "zod";
import { ACTIONS, RELATIONSHIP_STATUSES } from "./investor.ts";

export const INVESTOR_SORTS = ["score", "name", "action", "status", "last_contact", "checked"] as const;
export const PAGE_SIZE = 50;

/**
 * The dashboard's filters, sort and page as URL search params (so they work without
 * JavaScript and can be bookmarked). A bad value falls back to the default rather than failing.
 */
const querySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  action: z.enum(ACTIONS).optional().catch(undefined),
  status: z.enum(RELATIONSHIP_STATUSES).optional().catch(undefined),
  sort: z.enum(INVESTOR_SORTS).catch("score"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  // Rank by one startup's score instead of the overall score (SPEC §4).
  for: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export type DashboardQuery = {
  q: string;
  action?: (typeof ACTIONS)[number];
  status?: (typeof RELATIONSHIP_STATUSES)[number];
  sort: (typeof INVESTOR_SORTS)[number];
  dir: "asc" | "desc";
  page: number;
  for?: number;
};

export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  const raw = Object.fromEntries(["q", "action", "status", "sort", "dir", "page", "for"].map((key) => [key, params.get(key) || undefined]));
  const parsed = querySchema.parse(raw);
  const defaultDir = parsed.sort === "name" || parsed.sort === "status" || parsed.sort === "action" ? "asc" : "desc";
  return { ...parsed, q: parsed.q ?? "", dir: parsed.dir ?? defaultDir };
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
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** `?all=email_first` shows one Today list whole; anything else shows the short lists. */
export function parseTodayExpand(params: URLSearchParams): "email_first" | "follow_up" | "dont_chase" | null {
  const value = params.get("all");
  return value === "email_first" || value === "follow_up" || value === "dont_chase" ? value : null;
}
