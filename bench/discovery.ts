/**
 * (p) Discovery's extractors on the labelled set (tests/fixtures/discovery/announcements.json,
 * written for the project): the rule-based extractor's precision and recall of investor names
 * (goal ≥ 0.95 / ≥ 0.85; the first run, before any tuning, gave 0.990 / 0.993 on the first 109
 * announcements, and 15 written later in other styles gave 1.000 / 0.658 before the rules read
 * them), then the model path against a fake Gemini that answers each item with its labels
 * plus one invented name every fifth item: how much of the fake's answer the model path keeps
 * (its checks drop names an item does not carry), and how often the rules agree with the model.
 * Last, the scanners uncapped on pathological text at 10 KB / 100 KB / 1 MB with the ratio per
 * tenfold step (linear ≈ 10). `npx node bench/discovery.ts` runs it alone.
 */
import type { Deal } from "#app/domain/discovery/deal.ts";
import { htmlToText } from "#app/domain/discovery/html-text.ts";
import { readInvestorNames, splitSentences } from "#app/domain/discovery/investor-names.ts";
import { investorKey } from "#app/domain/discovery/names.ts";
import { extractDealsByRules } from "#app/domain/discovery/rules.ts";
import { readDeals } from "#app/integrations/discovery/deal-model.server.ts";
import { createGeminiModel } from "#app/integrations/model.server.ts";
import { startFakeGemini } from "#tests/fakes/index.ts";
import { announcementItem, readAnnouncements, scoreExtractor } from "#tests/helpers/announcements.ts";
import { measure, percentile } from "./stats.ts";

const SIZES = [10_000, 100_000, 1_000_000];
const PATHOLOGICAL: { name: string; read: (text: string) => unknown; input: (size: number) => string }[] = [
  { name: "names: 'led by ' × n", read: (text) => readInvestorNames(splitSentences(text), []), input: (n) => "led by ".repeat(n / 7) },
  { name: "names: capitals, no stop", read: (text) => readInvestorNames(splitSentences(text), []), input: (n) => "Aa ".repeat(n / 3) },
  {
    name: "names: one long list",
    read: (text) => readInvestorNames(splitSentences(text), []),
    input: (n) => `Backed by ${"Alpha Ventures, ".repeat(n / 16)}`,
  },
  { name: "sentences: 'J. ' × n", read: splitSentences, input: (n) => "J. ".repeat(n / 3) },
  { name: "html: '&' × n (capped read)", read: (text) => htmlToText(text, 8_000), input: (n) => "&".repeat(n) },
];

export async function runDiscoveryBench(): Promise<void> {
  const announcements = readAnnouncements();
  const rules = scoreExtractor(announcements, extractDealsByRules);
  const items = announcements.map(announcementItem);
  const perItem = percentile(
    measure(() => items.forEach(extractDealsByRules), 15, 3),
    50,
  );
  console.log(`(p) discovery: deals out of ${rules.items} labelled funding announcements`);
  console.log(
    `    rules: investor names precision ${rules.precision.toFixed(3)} (goal ≥ 0.95), recall ${rules.recall.toFixed(3)} (goal ≥ 0.85); ${rules.correct} of ${rules.expected} named, ${rules.found - rules.correct} extra`,
  );
  console.log(
    `    rules: company right ${rules.companies}/${rules.items}, leads exactly right ${rules.leadsRight}/${rules.items}, ${((perItem / items.length) * 1000).toFixed(1)} µs an item`,
  );

  const gemini = await startFakeGemini();
  const answered = new Map<string, Set<string>>();
  gemini.answerWith((body: any) => {
    const prompt = JSON.stringify(body.contents);
    const answers: unknown[] = [];
    for (const match of prompt.matchAll(/<<<ITEM id=(\d+)>>>\\npublished: [^\\]*\\ntitle: ([^\\]*)/g)) {
      const index = announcements.findIndex((announcement) => announcement.title === match[2]);
      const announcement = announcements[index];
      if (!announcement) continue;
      // Every fifth answer invents an investor the item does not name, as a careless model would.
      const leads = index % 5 === 0 ? [...announcement.leads, "Invented Capital"] : announcement.leads;
      answered.set(items[index]!.key, new Set([...leads, ...announcement.participants].map(investorKey)));
      answers.push({
        item_id: Number(match[1]),
        deals: [
          {
            company: announcement.company,
            amount: null,
            currency: null,
            stage: null,
            sectors: [],
            geography: null,
            leads,
            participants: announcement.participants,
          },
        ],
      });
    }
    return { items: answers };
  });
  const model = createGeminiModel({ apiKey: "bench", model: "gemini-2.5-flash", baseUrl: gemini.url, retries: 0 });
  const reading = await readDeals(items, model);
  await gemini.close();
  let kept = 0;
  let offered = 0;
  let ruleAgrees = 0;
  for (const item of items) {
    const fake = answered.get(item.key) ?? new Set<string>();
    const got = namesOf(reading.deals.get(item.key) ?? []);
    offered += fake.size;
    kept += [...fake].filter((key) => got.has(key)).length;
    const byRules = namesOf(extractDealsByRules(item));
    if (byRules.size === got.size && [...got].every((key) => byRules.has(key))) ruleAgrees++;
  }
  const modelFigures = scoreExtractor(announcements, (item) => reading.deals.get(item.key) ?? []);
  console.log(
    `    model path vs the fake model's answers: kept ${kept} of ${offered} names (${(kept / offered).toFixed(3)}; the invented ones dropped), ${reading.byModel} items by the model, ${reading.byRules} by rules`,
  );
  console.log(
    `    model path vs the labels: precision ${modelFigures.precision.toFixed(3)}, recall ${modelFigures.recall.toFixed(3)}; rules agree with the model on ${ruleAgrees}/${items.length} items`,
  );

  console.log("    scanners uncapped on pathological text: median ms at 10 KB / 100 KB / 1 MB, ratio per tenfold step");
  for (const { name, read, input } of PATHOLOGICAL) {
    const medians = SIZES.map((size) => {
      const text = input(size);
      return percentile(
        measure(() => read(text), size >= 1_000_000 ? 5 : 15, 2),
        50,
      );
    });
    const ratios = medians.slice(1).map((median, index) => (median / Math.max(medians[index]!, 0.001)).toFixed(1));
    console.log(`    ${name.padEnd(30)} ${medians.map((ms) => ms.toFixed(2).padStart(8)).join(" /")} ms   ×${ratios.join(", ×")}`);
  }
}

function namesOf(deals: Deal[]): Set<string> {
  return new Set(deals.flatMap((deal) => [...deal.leads, ...deal.participants]).map(investorKey));
}

if (import.meta.url === `file://${process.argv[1]}`) await runDiscoveryBench();
