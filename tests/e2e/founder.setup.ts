import { expect, test as setup } from "@playwright/test";
import { signInThroughForm } from "./helpers.ts";
import { FOUNDER_STATE } from "./playwright.config.ts";

/** The founder signs in through the form once a run; the specs reuse the saved session (`openSignedIn`). */
setup("the founder signs in once and the session is saved", async ({ page }) => {
  await signInThroughForm(page);
  const state = await page.context().storageState({ path: FOUNDER_STATE });
  expect(state.cookies.some((cookie) => cookie.name.endsWith("ipi_session"))).toBe(true);
});
