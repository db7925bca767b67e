import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { deckPdf } from "../helpers/decks.ts";
import { collectConsoleErrors, expectReadable, openSignedIn, waitForHydration } from "./helpers.ts";

/**
 * Decks (decision 067), with JavaScript on and off, on a desktop and a phone: upload a deck on a
 * startup's page, see its version rendered and its pages as images ("Slide 2 of 3"), allow its
 * download; axe and no sideways scroll with the deck shown.
 */

const folder = mkdtempSync(join(tmpdir(), "ipi-e2e-decks-"));

for (const width of [1440, 390]) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width === 390 ? 844 : 900 } });
      const suffix = `${javaScriptEnabled ? "On" : "Off"} ${width}`;

      test("a deck is uploaded, rendered and shown, its download allowed", async ({ page }) => {
        test.setTimeout(120_000);
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        const created = await page.request.post("/api/startups", {
          data: { name: `Decked ${suffix}`, pitch: "Slides that render once", sector: "devtools", stage: "seed" },
        });
        expect(created.status()).toBe(201);
        const startupId = ((await created.json()) as { startup: { id: number } }).startup.id;
        const file = join(folder, `deck-${suffix.replace(" ", "-")}.pdf`);
        writeFileSync(file, deckPdf(3));

        await page.goto(`/startups/${startupId}`);
        if (javaScriptEnabled) await waitForHydration(page);
        const deck = page.getByRole("region", { name: "Deck" });
        await expect(deck.getByText("No deck yet")).toBeVisible();
        await deck.getByLabel(/Upload your deck/).setInputFiles(file);
        await deck.getByRole("button", { name: "Upload", exact: true }).click();
        await expect(deck.getByRole("status").filter({ hasText: "Version 1 uploaded" })).toBeVisible();

        // With JavaScript the page asks again by itself; without, "Check again" asks.
        const slide = deck.getByRole("img", { name: "Slide 2 of 3" });
        if (javaScriptEnabled) await expect(slide).toBeVisible({ timeout: 60_000 });
        else {
          await expect(async () => {
            const check = deck.getByRole("button", { name: "Check again" });
            if (await check.count()) await check.click();
            await expect(slide).toBeVisible({ timeout: 1000 });
          }).toPass({ timeout: 60_000 });
        }
        await expect(deck.getByRole("cell", { name: "3 pages" })).toBeVisible();
        await expect(deck.getByRole("img", { name: /Slide \d of 3/ })).toHaveCount(3);
        await slide.scrollIntoViewIfNeeded();
        await expect.poll(() => slide.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1600);

        await deck.getByRole("button", { name: "Allow download" }).click();
        await expect(deck.getByRole("link", { name: "Download the PDF" })).toBeVisible();
        const download = await page.request.get(`/startups/${startupId}/deck/1/download`);
        expect(download.status()).toBe(200);
        expect(download.headers()["content-type"]).toBe("application/pdf");

        // axe with JavaScript on (the page it reads is the same); without, nothing scrolls sideways.
        if (javaScriptEnabled) await expectReadable(page, "#deck");
        else expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        // The server is shared: the startup (and its deck) goes, so other specs' fits and actions are as they expect.
        expect((await page.request.delete(`/api/startups/${startupId}`)).status()).toBe(200);
        expect(errors).toEqual([]);
      });
    });
  }
}
