import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { tourSignedIn, tourSignedOut } from "./page-tour.ts";

type Finding = { page: string; rule: string; impact: string; targets: string[] };

/** axe on what the page shows now; only serious and critical violations fail the spec. */
async function serious(page: Page, name: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      page: name,
      rule: `${violation.id}: ${violation.help}`,
      impact: violation.impact ?? "",
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
}

/** The overlays are only in the page while open, so each is checked open. */
async function overlays(page: Page, name: string, withRefresh: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: /Find investor/ }).click();
  const input = page.getByPlaceholder("Find an investor by name or firm…");
  await input.fill("a");
  await expect(page.getByRole("option").first()).toBeVisible();
  findings.push(...(await serious(page, `${name} with the palette open`)));
  // cmdk's ids come from React's useId: every ARIA reference in the palette must name an element
  // that exists, with an id a selector can use (React 18's ":r1:" form could not).
  const references = await page.locator("[cmdk-dialog]").evaluate((dialog) =>
    Array.from(dialog.querySelectorAll("[aria-labelledby], [aria-controls], [aria-activedescendant]")).flatMap((element) =>
      ["aria-labelledby", "aria-controls", "aria-activedescendant"].flatMap((attribute) =>
        (element.getAttribute(attribute) ?? "")
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => ({ id, resolves: dialog.querySelector(`#${id}`) !== null })),
      ),
    ),
  );
  expect(references.length).toBeGreaterThan(0);
  for (const reference of references) expect(reference, reference.id).toEqual({ id: reference.id, resolves: true });
  await page.keyboard.press("Escape");
  await expect(input).toBeHidden();
  // Focus goes back where it was, not to the top of the page.
  await expect(page.getByRole("link", { name: /Find investor/ })).toBeFocused();

  await page.getByRole("link", { name: "Ask your pipeline" }).click();
  await expect(page.getByRole("complementary", { name: "Ask your pipeline" })).toBeVisible();
  findings.push(...(await serious(page, `${name} with the chat open`)));
  await page.keyboard.press("Escape");
  await expect(page.getByRole("complementary", { name: "Ask your pipeline" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Ask your pipeline" })).toBeFocused();

  if (withRefresh) {
    await page.getByText("Refresh now").click();
    await expect(page.getByLabel("Passcode")).toBeVisible();
    findings.push(...(await serious(page, `${name} with Refresh now open`)));
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("Passcode")).toBeHidden();
    await expect(page.locator("summary", { hasText: "Refresh now" })).toBeFocused();
  }
  return findings;
}

test("no serious or critical axe violation on any signed-in page, overlays included", async ({ page }) => {
  test.setTimeout(240_000);
  const findings: Finding[] = [];
  await tourSignedIn(page, async (name) => {
    findings.push(...(await serious(page, name)));
    if (name === "dashboard") findings.push(...(await overlays(page, name, true)));
  });
  expect(findings).toEqual([]);
});

test("no serious or critical axe violation on the sign-in page, the demo and a demo investor", async ({ page }) => {
  test.setTimeout(180_000);
  const findings: Finding[] = [];
  await tourSignedOut(page, async (name) => {
    findings.push(...(await serious(page, name)));
    if (name === "demo") findings.push(...(await overlays(page, name, false)));
  });
  expect(findings).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("no serious or critical axe violation on any page laid out for 390 px", async ({ page }) => {
    test.setTimeout(240_000);
    const findings: Finding[] = [];
    const stop = async (name: string) => {
      findings.push(...(await serious(page, `${name} (phone)`)));
    };
    await tourSignedIn(page, stop);
    await page.context().clearCookies();
    await tourSignedOut(page, stop);
    expect(findings).toEqual([]);
  });
});
