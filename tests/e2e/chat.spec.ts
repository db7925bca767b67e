import { expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, openSignedIn } from "./helpers.ts";

test("the chat drawer answers who to email first, with links to the investors", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openSignedIn(page);
  await addInvestor(page, { name: "Chatty Cathy", firm: "Conversation Capital" });
  await page.goto("/");
  await page.getByRole("link", { name: "Ask your pipeline" }).click();
  const drawer = page.getByRole("complementary", { name: "Ask your pipeline" });
  await drawer.getByLabel("Your question").fill("Who should I email first?");
  await drawer.getByRole("button", { name: "Ask" }).click();
  const answer = drawer.locator(".chat-assistant").last();
  await expect(answer).toBeVisible();
  await expect(answer.getByRole("link").first()).toBeVisible();
  const link = answer.getByRole("link").first();
  const name = await link.innerText();
  await page.screenshot({ path: "test-results/screenshots/chat.png" });
  await link.click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the demo chat works without signing in and answers from demo rows", async ({ page }) => {
  await page.goto("/demo");
  await page.getByRole("link", { name: "Ask your pipeline" }).click();
  const drawer = page.getByRole("complementary", { name: "Ask your pipeline" });
  await expect(drawer).toContainText("demo data only");
  await drawer.getByLabel("Your question").fill("Who should I email first?");
  await drawer.getByRole("button", { name: "Ask" }).click();
  const link = drawer.locator(".chat-assistant").last().getByRole("link").first();
  await expect(link).toHaveAttribute("href", /^\/demo\/investors\/\d+$/);
});

test("the chat shows the whole conversation, scrolls to the newest answer, and Esc closes it", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openSignedIn(page);
  await page.waitForLoadState("networkidle");
  const toggle = page.getByRole("link", { name: "Ask your pipeline" });
  await toggle.click();
  const drawer = page.getByRole("complementary", { name: "Ask your pipeline" });
  const questions = ["Who should I email first?", "Which follow-ups are due?", "Who should I not chase?", "Who is the best fit?"];
  for (const [asked, question] of questions.entries()) {
    await drawer.getByLabel("Your question").fill(question);
    await drawer.getByRole("button", { name: "Ask" }).click();
    await expect(drawer.locator(".chat-assistant")).toHaveCount(asked + 1);
    await expect(drawer.locator(".chat-assistant").last()).toBeInViewport();
  }
  // Every question stays, not only the last few turns the server is sent.
  await expect(drawer.locator(".chat-user")).toHaveText(questions);
  const list = drawer.locator(".chat-turns");
  expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await expect(drawer.locator(".chat-user").first()).not.toBeInViewport();

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  expect(errors).toEqual([]);
});
