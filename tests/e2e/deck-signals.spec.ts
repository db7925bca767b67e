import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { DATABASE_PATH, E2E_PASSCODE } from "./playwright.config.ts";
import { collectConsoleErrors, expectReadable, investorIdByName, openSignedIn } from "./helpers.ts";

/**
 * The deck's signals where the founder looks (decision 068): a read of an investor's link makes
 * Today's follow-up with the read in its reason, and the investor's timeline lists it; a preview
 * bot's visit alone makes nothing and is shown apart, "not a read". The link and its views are
 * written to the server's file directly, because the read must be yesterday's (a viewer records
 * now), then an edit through the API re-scores as any edit does; a read recorded by the viewer's
 * own routes is Today's follow-up in tests/server/deck-links.test.ts. At 1440 and 390 px,
 * JavaScript on and off.
 */

const WIDTHS = [
  { name: "1440", viewport: { width: 1440, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;

function isoDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Statements on the server's own file, over a connection of our own. */
function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(DATABASE_PATH, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/** A ready version of the startup's deck with titled pages, a link per investor, and the views given. */
function seedDeck(startupId: number, links: Array<{ investorId: number; views: Array<{ bot?: string; pages: Record<number, number> }> }>) {
  withDatabase((db) => {
    const deckId = Number(db.prepare("insert into decks (startup_id) values (?)").run(startupId).lastInsertRowid);
    const versionId = Number(
      db
        .prepare(
          "insert into deck_versions (deck_id, number, file_name, bytes, sha256, pages, pages_done, status) values (?, 1, 'deck.pdf', 1000, 'x', 3, 3, 'ready')",
        )
        .run(deckId).lastInsertRowid,
    );
    for (const [number, title] of ["Problem", "Team", "Financials"].entries())
      db.prepare(
        "insert into deck_pages (version_id, number, width, height, etag, title, image) values (?, ?, 1600, 900, 'e', ?, x'00')",
      ).run(versionId, number + 1, title);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    for (const [index, link] of links.entries()) {
      const linkId = Number(
        db
          .prepare("insert into deck_links (deck_id, investor_id, token_hash, nonce, sent_at) values (?, ?, ?, ?, ?)")
          .run(deckId, link.investorId, `e2e-hash-${startupId}-${index}`, `e2e-nonce-${startupId}-${index}`, `${isoDate(3)}T09:00:00.000Z`)
          .lastInsertRowid,
      );
      for (const view of link.views) {
        const pages = Object.entries(view.pages);
        const seconds = pages.reduce((sum, [, s]) => sum + s, 0);
        const viewId = Number(
          db
            .prepare(
              "insert into deck_views (link_id, version_id, started_at, last_seen_at, seconds, pages_seen, address_group_hash, bot) values (?, ?, ?, ?, ?, ?, 'g', ?)",
            )
            .run(linkId, versionId, yesterday, yesterday, seconds, pages.length, view.bot ?? null).lastInsertRowid,
        );
        for (const [page, s] of pages)
          db.prepare("insert into deck_view_pages (view_id, page, seconds) values (?, ?, ?)").run(viewId, Number(page), s);
      }
    }
  });
}

for (const { name: widthName, viewport } of WIDTHS) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`The deck's signals at ${widthName} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport, javaScriptEnabled });
      // A startup added, an import, two pages read by axe: about 30–40 s on this two-core machine, past the default.
      test.setTimeout(90_000);

      test("a read is Today's follow-up with its reason and a line on the timeline; a preview bot's visit is neither", async ({ page }) => {
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        const suffix = `${widthName}${javaScriptEnabled ? "js" : "nojs"}`;
        const reader = `Dagny Deckread ${suffix}`;
        const previewed = `Bo Previewed ${suffix}`;
        const startup = await page.request.post("/api/startups", {
          headers: { "x-admin-passcode": E2E_PASSCODE },
          // A sector no other spec's investors declare (deleted at the end).
          data: { name: `Deckside ${suffix}`, pitch: "Decks that report back.", sector: "deck analytics", stage: "seed" },
        });
        expect(startup.status()).toBe(201);
        const startupId = ((await startup.json()) as { startup: { id: number } }).startup.id;
        const csv = [
          "name,firm,relationship_status,last_contact_date",
          `${reader},Fjell Capital,contacted,${isoDate(3)}`,
          `${previewed},Lindgren Capital,contacted,${isoDate(3)}`,
        ].join("\n");
        const imported = await page.request.post("/investors/import", {
          headers: { "x-admin-passcode": E2E_PASSCODE },
          multipart: { intent: "commit", file: { name: `deck-${suffix}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) } },
          maxRedirects: 0,
        });
        expect(imported.status()).toBe(303);
        const readerId = await investorIdByName(page, reader);
        const previewedId = await investorIdByName(page, previewed);
        seedDeck(startupId, [
          { investorId: readerId, views: [{ pages: { 1: 30, 3: 330 } }] },
          { investorId: previewedId, views: [{ bot: "Slack", pages: {} }] },
        ]);
        // Any edit re-scores its investor (as the viewer's recording will).
        for (const id of [readerId, previewedId])
          expect((await page.request.patch(`/api/investors/${id}`, { data: { relationship_status: "contacted" } })).status()).toBe(200);

        await page.goto("/?all=follow_up");
        const followUps = page.getByRole("region", { name: /^Follow-ups due/ });
        await expect(followUps.getByRole("listitem").filter({ hasText: reader })).toContainText(
          `${reader} at Fjell Capital read your deck yesterday: 6 min, longest on Financials — follow up today.`,
        );
        await expect(followUps.getByRole("listitem").filter({ hasText: previewed })).toHaveCount(0);
        // axe runs in the page: with JavaScript off it never answers (as in team-sign-in.spec.ts, axe is the JS run's).
        if (javaScriptEnabled) await expectReadable(page, "main");

        await page.goto(`/investors/${readerId}`);
        const timeline = page.getByRole("region", { name: "Timeline" });
        await expect(timeline).toContainText("Read the deck: 6 min over 2 pages, longest on Financials.");
        if (javaScriptEnabled) await expectReadable(page);
        await page.goto(`/investors/${previewedId}`);
        await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Link preview by Slack: not a read.");

        // The server is shared: what this spec made goes (the deck, its links and views with the startup).
        expect((await page.request.delete(`/api/startups/${startupId}`)).status()).toBe(200);
        for (const id of [readerId, previewedId]) expect((await page.request.delete(`/api/investors/${id}`)).status()).toBe(200);
        expect(errors).toEqual([]);
      });
    });
  }
}
