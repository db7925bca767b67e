import { type Page, expect, test } from "@playwright/test";
import { deckPdf } from "../helpers/decks.ts";
import { addInvestor, collectConsoleErrors, expectReadable, openSignedIn } from "./helpers.ts";

/**
 * Deck links (decision 068) at 1440 and 390 px: a deck uploaded, a link made on an investor's
 * page, the link opened in a second browser as the investor — with JavaScript the time per page
 * arrives (read back through the API), without it the pages are shown and a view is counted — a
 * preview bot's visit counted apart on the startup page, then the link turned off and the
 * investor told so. axe on the founder's parts and on the viewer.
 */

const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** A view as `GET /api/deck-links/:id/views` answers it (snake_case keys, like the rest of the API). */
type View = {
  bot: string | null;
  seconds: number;
  pages_seen: number;
  version_number: number | null;
  pages: Array<{ page: number; seconds: number }>;
};

async function viewsOf(page: Page, linkId: number): Promise<View[]> {
  const response = await page.request.get(`/api/deck-links/${linkId}/views`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { views: View[] }).views;
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    test.use({ viewport });

    test("a link made on the investor's page is read with and without JavaScript, a preview apart, then turned off", async ({
      page,
      browser,
      playwright,
    }) => {
      test.setTimeout(150_000);
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const name = `Linked ${width}`;
      const created = await page.request.post("/api/startups", {
        data: { name, pitch: "Decks with links", sector: "devtools", stage: "seed" },
      });
      expect(created.status()).toBe(201);
      const startupId = ((await created.json()) as { startup: { id: number } }).startup.id;
      const upload = await page.request.post(`/startups/${startupId}/deck`, {
        multipart: { deck: { name: "linked.pdf", mimeType: "application/pdf", buffer: Buffer.from(deckPdf(3)) } },
        maxRedirects: 0,
      });
      expect(upload.status()).toBe(303);
      await expect
        .poll(async () => (await (await page.request.get(`/startups/${startupId}`)).text()).includes("Slide 3 of 3"), { timeout: 60_000 })
        .toBe(true);

      const investorName = `Ines Halvorsen ${width}`;
      const investorUrl = await addInvestor(page, { name: investorName, firm: "Tidewater" });
      const investorId = Number(investorUrl.split("/").pop());
      const part = page.getByRole("region", { name: "Deck link", exact: true });
      await part.getByRole("button", { name: `Make a link to ${name}'s deck` }).click();
      await expect(part.getByRole("status")).toContainText("The link is made");
      const url = await part.getByLabel("The link to send").inputValue();
      expect(url).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
      await expect(part).toContainText("Not opened yet");
      await expectReadable(page, "#deck-link");
      const linkId = ((await (await page.request.get(`/api/startups/${startupId}/deck/links`)).json()) as { links: Array<{ id: number }> })
        .links[0]!.id;

      // The investor, with JavaScript: the pages, then the time per page as the viewer reports it.
      // A person's browser: Playwright's own says "HeadlessChrome", which the app counts apart as a bot.
      const reader = await browser.newContext({ viewport, userAgent: width === 390 ? PHONE : LAPTOP });
      const viewer = await reader.newPage();
      const viewerErrors = collectConsoleErrors(viewer);
      await viewer.goto(url);
      await expect(viewer.getByRole("img", { name: "Slide 1 of 3" })).toBeVisible();
      await expect(viewer.getByText(investorName)).toHaveCount(0);
      await expectReadable(viewer);
      await viewer.getByRole("img", { name: "Slide 2 of 3" }).scrollIntoViewIfNeeded();
      // A read is two pages seen or 20 s (decision 068): wait for the report that makes it one. On a
      // phone the three short slides fit one screen, so the page most in view (the first) takes the time.
      await expect
        .poll(async () => (await viewsOf(page, linkId)).some((view) => view.bot === null && (view.pages_seen >= 2 || view.seconds >= 20)), {
          timeout: 60_000,
        })
        .toBe(true);
      const [read] = await viewsOf(page, linkId);
      expect(read!.seconds).toBeGreaterThan(0);
      expect(read).toMatchObject({ pages_seen: read!.pages.length, version_number: 1 });
      expect(viewerErrors).toEqual([]);

      // The founder's Today: the investor's own visit is a follow-up due today, with its reason, and
      // a line on the investor's timeline — no seeded view, the viewer's report alone made them.
      await page.goto("/?all=follow_up");
      const followUp = page
        .getByRole("region", { name: /^Follow-ups due/ })
        .getByRole("listitem")
        .filter({ hasText: investorName });
      await expect(followUp).toContainText(`${investorName} at Tidewater read your deck today`);
      await expect(followUp).toContainText("follow up today.");
      await page.goto(investorUrl);
      await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Read the deck:");

      // Without JavaScript: the three pages are there, and one more view is counted.
      const plain = await browser.newContext({ viewport, javaScriptEnabled: false, userAgent: width === 390 ? PHONE : LAPTOP });
      const plainPage = await plain.newPage();
      await plainPage.goto(url);
      await expect(plainPage.getByRole("img", { name: /Slide \d of 3/ })).toHaveCount(3);
      await expect.poll(async () => (await viewsOf(page, linkId)).filter((view) => view.bot === null).length).toBe(2);

      // A preview bot (Slack unfurling the link) is counted apart, never as a read.
      const slack = await playwright.request.newContext({
        extraHTTPHeaders: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
      });
      expect((await slack.get(url)).status()).toBe(200);
      await slack.dispose();
      await page.goto(`/startups/${startupId}`);
      const links = page.getByRole("region", { name: "Deck links" });
      const row = links.getByRole("row", { name: new RegExp(investorName) });
      await expect(row).toContainText("Opened 2 times");
      await expect(row).toContainText("1 (not reads)");
      await expectReadable(page, "#deck-links");

      // Turned off: the investor's next visit says so, without naming anyone.
      await page.goto(investorUrl);
      await part.getByRole("button", { name: "Turn the link off" }).click();
      await expect(part.getByRole("status")).toContainText("The link is turned off");
      await viewer.reload();
      await expect(viewer.getByRole("heading", { name: "This link does not work" })).toBeVisible();
      await expect(viewer.getByText(name)).toHaveCount(0);
      await expectReadable(viewer);

      await reader.close();
      await plain.close();
      // The server is shared: the startup (its deck and links) and the investor go.
      expect((await page.request.delete(`/api/startups/${startupId}`)).status()).toBe(200);
      expect((await page.request.delete(`/api/investors/${investorId}`)).status()).toBe(200);
      expect(errors).toEqual([]);
    });
  });
}
