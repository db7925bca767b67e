import { describe, expect, it } from "vitest";
import { refreshNotice } from "#app/components/dashboard/refresh-now.tsx";
import { syncNotice } from "#app/components/mail-panel.tsx";

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
