import { type Deal, dealSchema, type NewsItem } from "./deal.ts";
import { readAmount, readCompany, readGeography, readSectors, readStage } from "./deal-words.ts";
import { readInvestorNames, splitSentences } from "./investor-names.ts";

/**
 * The extractor without a model (docs/product.md#sources-and-deals): one news item → the deal its
 * headline announces, read by rules. Pure and linear; the text is capped before it is read, so a
 * pathological item costs no more than a long ordinary one.
 */

export const MAX_RULE_TITLE_CHARS = 500;
export const MAX_RULE_TEXT_CHARS = 4_000;

export function extractDealsByRules(item: NewsItem): Deal[] {
  const title = item.title.slice(0, MAX_RULE_TITLE_CHARS);
  const text = item.text.slice(0, MAX_RULE_TEXT_CHARS);
  const company = readCompany(title, text);
  if (!company) return [];
  const named = readInvestorNames([...splitSentences(title), ...splitSentences(text)], [company]);
  const money = readAmount(title, text);
  const stage = readStage(title, text);
  // A headline with a verb but no money, stage or investor is not a funding announcement.
  if (!money && !stage && named.length === 0) return [];
  const leads = named.filter((investor) => investor.role === "lead").map((investor) => investor.name);
  const participants = named.filter((investor) => investor.role === "participant").map((investor) => investor.name);
  const deal = dealSchema.safeParse({
    company,
    amount: money?.amount ?? null,
    currency: money?.currency ?? null,
    stage,
    sectors: readSectors(title, text).slice(0, 10),
    geography: readGeography(title, text),
    announced_on: item.published_on,
    leads: leads.slice(0, 20),
    participants: participants.slice(0, 40),
    source_url: item.url,
  });
  return deal.success ? [deal.data] : [];
}
