import { type DealForRanking, type DiscoveredInvestor, dealSentence } from "./rank.ts";

/** Discover shows the best this many; "Show the best 200" up to DISCOVER_SHOWN_MORE (docs/product.md#discovery). */
export const DISCOVER_SHOWN = 50;
export const DISCOVER_SHOWN_MORE = 200;
/** Sources shown per deal. */
const SOURCES_SHOWN = 3;

/** One investor as Discover shows them: their deals already in words. */
export type DiscoverRow = {
  key: string;
  name: string;
  firm: string | null;
  score: number;
  reason: string;
  /** "Led the $3M seed of Finlo (fintech, Germany), 20 Nov", with up to three sources each. */
  deals: Array<{ id: number; sentence: string; sources: string[] }>;
};

export type DiscoverPage = {
  /** The best investors not dismissed, in rank order. */
  investors: DiscoverRow[];
  /** How many investors not dismissed there are in all. */
  total: number;
  dismissedCount: number;
};

/**
 * The page of a ranked list: the best `more ? DISCOVER_SHOWN_MORE : DISCOVER_SHOWN` not dismissed,
 * each with their deals in words. Only what the page shows goes to it: the page's data is encoded
 * on every answer, kept page or not.
 */
export function discoverPageOf(deals: readonly DealForRanking[], ranked: readonly DiscoveredInvestor[], more: boolean): DiscoverPage {
  const open = ranked.filter((investor) => !investor.dismissed);
  const byId = new Map(deals.map((deal) => [deal.id, deal]));
  const investors = open.slice(0, more ? DISCOVER_SHOWN_MORE : DISCOVER_SHOWN).map((investor) => ({
    key: investor.key,
    name: investor.name,
    firm: investor.firm,
    score: investor.score,
    reason: investor.reason,
    deals: investor.deal_ids.flatMap((id) => {
      const deal = byId.get(id);
      if (!deal) return [];
      const role = deal.investors.find((named) => named.key === investor.key)?.role ?? "participant";
      return [{ id, sentence: dealSentence(deal, role), sources: deal.sourceUrls.slice(0, SOURCES_SHOWN) }];
    }),
  }));
  return { investors, total: open.length, dismissedCount: ranked.length - open.length };
}
