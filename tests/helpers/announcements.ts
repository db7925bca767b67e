import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Deal, NewsItem } from "#app/domain/discovery/deal.ts";
import { investorKey } from "#app/domain/discovery/names.ts";

/**
 * The labelled set of funding announcements (tests/fixtures/discovery/announcements.json, written
 * for the project) and the figures an extractor is held to: precision and recall of the investor
 * names it reads, compared as the pipeline compares them (letters folded, firm suffixes dropped).
 */

export type Announcement = { title: string; text: string; company: string; leads: string[]; participants: string[] };

export function readAnnouncements(): Announcement[] {
  const path = fileURLToPath(new URL("../fixtures/discovery/announcements.json", import.meta.url));
  return JSON.parse(readFileSync(path, "utf8")) as Announcement[];
}

export function announcementItem(announcement: Announcement, index: number): NewsItem {
  return {
    source: "feed",
    key: `announcement-${index}`,
    url: `https://news.example.com/funding/${index}`,
    title: announcement.title,
    text: announcement.text,
    published_on: "2026-11-20",
  };
}

export type ExtractorFigures = {
  items: number;
  expected: number;
  found: number;
  correct: number;
  precision: number;
  recall: number;
  companies: number;
  leadsRight: number;
  misses: string[];
  extras: string[];
};

/** Names compared per announcement as sets of keys; roles and companies counted beside. */
export function scoreExtractor(announcements: Announcement[], extract: (item: NewsItem) => Deal[]): ExtractorFigures {
  let expected = 0;
  let found = 0;
  let correct = 0;
  let companies = 0;
  let leadsRight = 0;
  const misses: string[] = [];
  const extras: string[] = [];
  announcements.forEach((announcement, index) => {
    const deals = extract(announcementItem(announcement, index));
    const want = new Set([...announcement.leads, ...announcement.participants].map(investorKey));
    const got = new Set(deals.flatMap((deal) => [...deal.leads, ...deal.participants]).map(investorKey));
    const wantLeads = new Set(announcement.leads.map(investorKey));
    const gotLeads = new Set(deals.flatMap((deal) => deal.leads).map(investorKey));
    expected += want.size;
    found += got.size;
    for (const key of got) {
      if (want.has(key)) correct++;
      else extras.push(`${index} ${announcement.company}: ${key}`);
    }
    for (const key of want) if (!got.has(key)) misses.push(`${index} ${announcement.company}: ${key}`);
    if (deals.some((deal) => deal.company === announcement.company)) companies++;
    if (wantLeads.size === gotLeads.size && [...wantLeads].every((key) => gotLeads.has(key))) leadsRight++;
  });
  return {
    items: announcements.length,
    expected,
    found,
    correct,
    precision: found === 0 ? 1 : correct / found,
    recall: expected === 0 ? 1 : correct / expected,
    companies,
    leadsRight,
    misses,
    extras,
  };
}
