import { describe, expect, it } from "vitest";
import { refreshNotice } from "#app/components/dashboard/refresh-now.tsx";
import { syncNotice } from "#app/components/mail-panel.tsx";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DiscoverList } from "#app/components/discover-list.tsx";
import { ImportInProgress } from "#app/components/import-in-progress.tsx";
import { parseConfig } from "#app/config.server.ts";
import { newsSourcesConfigured } from "#app/services/discoveries.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/** Not configured is a setting to make, never a success nor a failure to retry (decision 030). */
describe("notices for a service that is not configured", () => {
  it("refresh: web search not configured is neutral, and names the setting", () => {
    expect(refreshNotice("search_not_configured")).toEqual({
      text: "Web search is not configured (TAVILY_API_KEY: see Settings): a refresh has nowhere to look for news.",
      tone: "info",
    });
  });

  it("mail: not configured is neutral, a sync that did not finish is a failure", () => {
    expect(syncNotice("not_configured")).toEqual({
      text: "Mail is not configured yet (IMAP_HOST, IMAP_USER, IMAP_PASSWORD): nothing was read.",
      tone: "info",
    });
    expect(syncNotice("failed")?.tone).toBe("bad");
  });
});

describe("Discover with no news source", () => {
  const render = (sourcesConfigured: boolean) =>
    renderToStaticMarkup(
      createElement(DiscoverList, {
        page: { investors: [], dismissedCount: 0, total: 0 },
        moreHref: "/discover?more=1",
        sourcesConfigured,
      }),
    );

  it("says which settings give it news, not 'every Monday' (a walkthrough saw the promise with every source off)", () => {
    expect(render(false)).toContain("Discovery has no news to read");
    expect(render(false)).toContain("DEAL_FEEDS");
    expect(render(false)).not.toContain("every Monday");
    expect(render(true)).toContain("every Monday");
  });

  it("counts a feed, Tavily with a weekly budget, or GDELT as a source", () => {
    const { db } = createTestDatabase();
    const on = (env: Record<string, string>) => newsSourcesConfigured(fakeApp(db, undefined, { config: parseConfig(env) }));
    expect(on({ DEAL_FEEDS: "none", DISCOVERY_GDELT: "false" })).toBe(false);
    expect(on({ DEAL_FEEDS: "none", DISCOVERY_GDELT: "false", TAVILY_API_KEY: "k", DISCOVERY_CREDIT_BUDGET: "0" })).toBe(false);
    expect(on({ DEAL_FEEDS: "none", DISCOVERY_GDELT: "false", TAVILY_API_KEY: "k" })).toBe(true);
    expect(on({ DEAL_FEEDS: "none" })).toBe(true);
    expect(on({ DISCOVERY_GDELT: "false" })).toBe(true);
    db.$client.close();
  });
});

describe("Today while an import is being saved", () => {
  it("says how far it is, in numbers a founder reads, and nothing when no import runs", () => {
    expect(renderToStaticMarkup(createElement(ImportInProgress, { progress: null }))).toBe("");
    const html = renderToStaticMarkup(createElement(ImportInProgress, { progress: { saved: 1_250, total: 5_000 } }));
    expect(html).toContain('role="status"');
    expect(html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ")).toContain("An import is being saved: 1,250 of 5,000 rows so far.");
  });
});
