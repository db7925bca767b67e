import { pathOf, startFakeServer } from "./fake-server.ts";
import type { FakeReply, FakeServer } from "./fake-server.ts";

/**
 * A stand-in for publishers' RSS and Atom feeds: `GET /feeds/<name>` answers the XML set with
 * `publish`, with an ETag and a Last-Modified, and 304 to a conditional GET that still matches.
 * Dependency-free, like the other fakes.
 */

export type FeedEntry = { id: string; title: string; html: string; url: string; date: string };

export type FakeFeeds = FakeServer & {
  /** Serves `xml` at /feeds/<name> from now on, with a new ETag. */
  publish(name: string, xml: string): void;
  feedUrl(name: string): string;
};

export async function startFakeFeeds(): Promise<FakeFeeds> {
  const feeds = new Map<string, { xml: string; etag: string; lastModified: string }>();
  let version = 0;
  const server = await startFakeServer((request) => {
    const match = request.method === "GET" ? /^\/feeds\/([\w-]+)$/.exec(pathOf(request)) : null;
    if (!match) return undefined;
    return (): FakeReply => {
      const feed = feeds.get(match[1] ?? "");
      if (!feed) return { status: 404, raw: "<html><body>Not found</body></html>" };
      const unchanged =
        request.headers["if-none-match"] === feed.etag ||
        (request.headers["if-none-match"] === undefined && request.headers["if-modified-since"] === feed.lastModified);
      if (unchanged) return { status: 304, raw: "", headers: { etag: feed.etag, "last-modified": feed.lastModified } };
      return {
        raw: feed.xml,
        headers: { "content-type": "application/rss+xml; charset=utf-8", etag: feed.etag, "last-modified": feed.lastModified },
      };
    };
  });
  return Object.assign(server, {
    publish(name: string, xml: string) {
      version++;
      feeds.set(name, { xml, etag: `"v${version}"`, lastModified: new Date(Date.UTC(2026, 10, 1, 0, version)).toUTCString() });
    },
    feedUrl(name: string) {
      return `${server.url}/feeds/${name}`;
    },
  });
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** RSS 2.0, descriptions as escaped HTML the way WordPress sites send them. */
export function rssFeed(entries: FeedEntry[]): string {
  const items = entries
    .map(
      (entry) =>
        `<item><title>${escapeXml(entry.title)}</title><link>${escapeXml(entry.url)}</link><guid isPermaLink="false">${escapeXml(entry.id)}</guid>` +
        `<pubDate>${new Date(entry.date).toUTCString()}</pubDate><description>${escapeXml(entry.html)}</description></item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Funding news</title><link>https://news.example.com</link>\n${items}\n</channel></rss>`;
}

/** Atom 1.0, summaries as CDATA HTML. */
export function atomFeed(entries: FeedEntry[]): string {
  const items = entries
    .map(
      (entry) =>
        `<entry><id>${escapeXml(entry.id)}</id><title type="html">${escapeXml(entry.title)}</title><link rel="alternate" href="${escapeXml(entry.url)}"/>` +
        `<published>${entry.date}</published><summary type="html"><![CDATA[${entry.html}]]></summary></entry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Funding news</title><id>urn:fake</id>\n${items}\n</feed>`;
}
