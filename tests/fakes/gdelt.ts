import { pathOf, startFakeServer } from "./fake-server.ts";
import type { FakeReply, FakeServer } from "./fake-server.ts";

/**
 * A stand-in for GDELT's DOC 2.0 API, `GET /api/v2/doc/doc?mode=ArtList&format=json`: articles
 * made up from the query, GDELT's fields (url, url_mobile, title, seendate, socialimage, domain,
 * language, sourcecountry). `busyReply()` is the HTML page GDELT answers when asked too often.
 */

export type FakeGdelt = FakeServer;

export async function startFakeGdelt(): Promise<FakeGdelt> {
  return startFakeServer((request) => {
    if (request.method !== "GET" || pathOf(request) !== "/api/v2/doc/doc") return undefined;
    return () => {
      const params = new URL(request.path, "http://fake").searchParams;
      if (params.get("mode") !== "ArtList" || params.get("format") !== "json") {
        return { status: 200, raw: "<html><body>Invalid mode.</body></html>", headers: { "content-type": "text/html" } };
      }
      return { json: artList(params.get("query") ?? "") };
    };
  });
}

export function artList(query: string, now: Date = new Date()) {
  const seen = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const slug =
    query
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "query";
  return {
    articles: [
      {
        url: `https://venture.example.org/${slug}/orso-raises`,
        url_mobile: "",
        title: "Orso raises €6m seed led by Daphni to build embedded insurance",
        seendate: seen,
        socialimage: "",
        domain: "venture.example.org",
        language: "English",
        sourcecountry: "France",
      },
    ],
  };
}

/** What GDELT sends instead of JSON when a client asks more than once every 5 seconds. */
export function busyReply(): FakeReply {
  return {
    status: 200,
    raw: "<!DOCTYPE html><html><body>Please limit requests to one every 5 seconds or contact us for larger queries.</body></html>",
    headers: { "content-type": "text/html" },
  };
}
