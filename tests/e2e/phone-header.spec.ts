import { mkdirSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { openSignedIn } from "./helpers.ts";

/*
 * The header and Today's rows at 390 px, with JavaScript on and off (a founder's phone): the main
 * navigation's links sit on at most two rows, in the same columns, none alone on its row; the
 * header's other controls fit beside the brand; and on Today a row's "score 45" stays on the
 * investor name's first line, beside it, however long the name and the firm.
 */

const PHONE = { width: 390, height: 844 };
const SCREENS = "test-results/screens";

type Box = { text: string; left: number; top: number; right: number; bottom: number };

async function navLinks(page: Page): Promise<Box[]> {
  return page.getByRole("navigation", { name: "Main" }).evaluate((nav) =>
    Array.from(nav.querySelectorAll("a")).map((link) => {
      const rect = link.getBoundingClientRect();
      return { text: (link.textContent ?? "").trim(), left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    }),
  );
}

/** Links grouped by row (the same top, to the pixel), each row in the order the links come in the page. */
function rowsOf(links: Box[]): Box[][] {
  const rows = new Map<number, Box[]>();
  for (const link of links) {
    const key = Math.round(link.top);
    rows.set(key, [...(rows.get(key) ?? []), link]);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

async function expectTidyHeader(page: Page, name: string): Promise<void> {
  const links = await navLinks(page);
  expect(links.length, `${name}: the main links`).toBe(7);
  const rows = rowsOf(links);
  expect(rows.length, `${name}: rows of links ${JSON.stringify(rows.map((row) => row.map((link) => link.text)))}`).toBeLessThanOrEqual(2);
  for (const row of rows) {
    // Filled left to right, in the page's order, and never one link alone on its row.
    expect(row.length, `${name}: a lone link on its row: ${row.map((link) => link.text)}`).toBeGreaterThanOrEqual(2);
    const lefts = row.map((link) => link.left);
    expect(lefts, `${name}: left to right`).toEqual([...lefts].sort((a, b) => a - b));
  }
  // The second row's links stand in the first row's columns, from its first one (no ragged spread).
  const [first, second] = rows;
  for (const [index, link] of (second ?? []).entries()) {
    expect(Math.abs(link.left - first![index]!.left), `${name}: "${link.text}" under "${first![index]!.text}"`).toBeLessThanOrEqual(1);
  }
  for (const link of links) {
    expect(link.left, `${name}: "${link.text}" inside the screen`).toBeGreaterThanOrEqual(0);
    expect(link.right, `${name}: "${link.text}" inside the screen`).toBeLessThanOrEqual(PHONE.width);
  }
  // The brand, Find and Ask share one row above the links; Sign out, when there, takes the links'
  // empty eighth cell: the second row, under the fourth link.
  const controls = await page.locator("header.topbar").evaluate((header) =>
    Array.from(header.children)
      .filter((child) => child.tagName !== "NAV" && !child.matches(".signout") && child.getBoundingClientRect().height > 0)
      .map((child) => ({
        text: (child.textContent ?? "").trim(),
        top: child.getBoundingClientRect().top,
        bottom: child.getBoundingClientRect().bottom,
      })),
  );
  const navTop = Math.min(...links.map((link) => link.top));
  for (const control of controls) {
    expect(control.bottom, `${name}: "${control.text}" above the links`).toBeLessThanOrEqual(navTop + 1);
  }
  expect(new Set(controls.map((control) => Math.round(control.top))).size, `${name}: ${JSON.stringify(controls)}`).toBe(1);
  const signOut = page.getByRole("button", { name: "Sign out" });
  if (await signOut.count()) {
    const box = (await signOut.boundingBox())!;
    expect(rows, `${name}: two rows of links with Sign out`).toHaveLength(2);
    expect(Math.abs(box.y - second![0]!.top), `${name}: Sign out on the second row`).toBeLessThanOrEqual(1);
    expect(Math.abs(box.x - first![3]!.left), `${name}: Sign out under "${first![3]!.text}"`).toBeLessThanOrEqual(1);
    expect(box.x, `${name}: Sign out right of "${second!.at(-1)!.text}"`).toBeGreaterThanOrEqual(second!.at(-1)!.right);
  }
}

/** Every Today row with a score: the score is on the name's first line, right of the name. */
async function expectScoresBesideNames(page: Page, name: string): Promise<void> {
  const rows = await page.locator(".today-row").evaluateAll((items) =>
    items
      .filter((item) => item.querySelector(".today-score"))
      .map((item) => {
        const link = item.querySelector(".today-name")!.getBoundingClientRect();
        const score = item.querySelector(".today-score")!.getBoundingClientRect();
        const lineHeight = Number.parseFloat(getComputedStyle(item.querySelector(".today-name")!).minHeight) || 0;
        return {
          name: (item.querySelector(".today-name")!.textContent ?? "").trim(),
          nameTop: link.top,
          nameRight: link.right,
          firstLine: Math.max(lineHeight, Math.min(link.height, 30)),
          scoreTop: score.top,
          scoreBottom: score.bottom,
          scoreLeft: score.left,
          scoreRight: score.right,
        };
      }),
  );
  expect(rows.length, `${name}: Today's rows with a score`).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.scoreTop, `${name}: ${row.name}'s score below the name's top`).toBeGreaterThanOrEqual(row.nameTop - 1);
    expect(row.scoreBottom, `${name}: ${row.name}'s score on the name's first line`).toBeLessThanOrEqual(row.nameTop + row.firstLine + 1);
    expect(row.scoreLeft, `${name}: ${row.name}'s score right of the name`).toBeGreaterThanOrEqual(row.nameRight - 1);
    expect(row.scoreRight, `${name}: ${row.name}'s score inside the screen`).toBeLessThanOrEqual(PHONE.width);
  }
}

/** A row's name and firm as long as a real list's ("Philippa Fawcett-Longbottom · Cambridge Tripos…"). */
async function lengthenFirstRows(page: Page): Promise<void> {
  await page.locator(".today-row").evaluateAll((items) => {
    for (const item of items.slice(0, 3)) {
      const link = item.querySelector(".today-name");
      if (link) link.textContent = "Philippa Fawcett-Longbottom";
      const firm = link?.nextElementSibling;
      if (firm && !firm.classList.contains("today-score")) firm.textContent = " · Cambridge Tripos Seed Ventures";
    }
  });
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  test.describe(`The phone header and Today's rows with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled });

    test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

    test("the demo's header is two tidy rows of links, and each score stays beside its name", async ({ page }) => {
      await page.goto("/demo");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/phone-header-demo-${mode}-top.png` });
      await expectTidyHeader(page, `demo ${mode}`);
      await expectScoresBesideNames(page, `demo ${mode}`);
      await lengthenFirstRows(page);
      await expectScoresBesideNames(page, `demo ${mode}, long names`);
      await page.screenshot({ path: `${SCREENS}/phone-header-demo-${mode}.png` });
    });

    test("signed in, with Sign out in the header, the links are still two tidy rows", async ({ page }) => {
      await openSignedIn(page);
      await expectTidyHeader(page, `dashboard ${mode}`);
      await page.screenshot({ path: `${SCREENS}/phone-header-signed-in-${mode}.png` });
    });
  });
}
