import { XMLParser } from "fast-xml-parser";
import { type NewsItem, newsItemSchema } from "../../domain/discovery/deal.ts";
import { htmlToText } from "../../domain/discovery/html-text.ts";
import { isHttpUrl } from "../../domain/investor.ts";

/**
 * An RSS 2.0, RSS 1.0 (RDF) or Atom document → news items, with fast-xml-parser (linear, no
 * DOM, DOCTYPE entities capped below). What an item carries is all we keep: its link is stored
 * for the founder to open, never fetched. No network here.
 */

export const MAX_FEED_ITEMS = 200;
const MAX_ITEM_TEXT_CHARS = 8_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  cdataPropName: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: false,
  // A "billion laughs" DOCTYPE stops at these limits instead of filling the memory.
  processEntities: { enabled: true, maxEntityCount: 20, maxEntitySize: 1_000, maxTotalExpansions: 500, maxExpandedLength: 20_000 },
  isArray: (name) => name === "item" || name === "entry" || name === "link",
});

export class FeedFormatError extends Error {}

export function readFeedItems(xml: string): NewsItem[] {
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new FeedFormatError("not well-formed XML");
  }
  const rss = record(document.rss);
  const channel = record(rss?.channel);
  const rdf = record(document["rdf:RDF"]);
  const atom = record(document.feed);
  const raw = channel ? list(channel.item) : rdf ? list(rdf.item) : atom ? list(atom.entry) : undefined;
  if (!raw) throw new FeedFormatError("neither RSS nor Atom");
  const items: NewsItem[] = [];
  for (const entry of raw.slice(0, MAX_FEED_ITEMS)) {
    const item = atom ? atomItem(record(entry)) : rssItem(record(entry));
    if (item) items.push(item);
  }
  return items;
}

function rssItem(entry: Record<string, unknown> | undefined): NewsItem | undefined {
  if (!entry) return undefined;
  const url = text(first(entry.link));
  const guid = text(entry.guid);
  const description = text(entry.description) || text(entry["content:encoded"]);
  return newsItem({
    key: guid || url,
    url,
    title: text(entry.title),
    html: description,
    date: text(entry.pubDate) || text(entry["dc:date"]),
  });
}

function atomItem(entry: Record<string, unknown> | undefined): NewsItem | undefined {
  if (!entry) return undefined;
  const links = list(entry.link) ?? [];
  const alternate = links.map(record).find((link) => link && (link["@rel"] === undefined || link["@rel"] === "alternate"));
  const url = typeof alternate?.["@href"] === "string" ? alternate["@href"] : "";
  return newsItem({
    key: text(entry.id) || url,
    url,
    title: text(entry.title),
    html: text(entry.summary) || text(entry.content),
    date: text(entry.published) || text(entry.updated),
  });
}

function newsItem(parts: { key: string; url: string; title: string; html: string; date: string }): NewsItem | undefined {
  if (!isHttpUrl(parts.url)) return undefined;
  const parsed = newsItemSchema.safeParse({
    source: "feed",
    key: parts.key.slice(0, 2_000),
    url: parts.url,
    title: htmlToText(parts.title, 500),
    text: htmlToText(parts.html, MAX_ITEM_TEXT_CHARS),
    published_on: isoDay(parts.date),
  });
  return parsed.success ? parsed.data : undefined;
}

/** RFC 822 (RSS) or ISO 8601 (Atom) → YYYY-MM-DD, or null when unreadable. */
export function isoDay(value: string): string | null {
  if (value === "" || value.length > 100) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function list(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null || value === "") return value === "" ? [] : undefined;
  return Array.isArray(value) ? value : [value];
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** A text node as the parser gives it: a string, or an object with "#text" when the tag had attributes. */
function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  const node = record(value);
  return typeof node?.["#text"] === "string" ? node["#text"] : "";
}
