import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "#tests/helpers/chromium.ts";
import { startBuiltServer } from "#tests/helpers/server.ts";
import { percentile } from "./stats.ts";

const PASSCODE = "bench-passcode";

/**
 * (d) Keystroke-to-paint in the Ctrl+K palette with 10,000 investors, in Debian's chromium:
 * from keydown to the first task after the next animation frame (the frame that shows the
 * filtered list). Baseline: the same measure on the dashboard's plain search box.
 */
export async function runPaletteBench(databasePath: string): Promise<void> {
  const server = await startBuiltServer({ DATABASE_PATH: databasePath, ADMIN_PASSCODE: PASSCODE });
  try {
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      const page = await browser.newPage();
      const base = server.url;
      await page.goto(`${base}/login`);
      await page.getByLabel("Passcode").fill(PASSCODE);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${base}/`);

      const instrument = (selector: string) =>
        page.evaluate((sel) => {
          const w = window as unknown as { latencies: number[] };
          w.latencies = [];
          document.querySelector(sel)!.addEventListener(
            "keydown",
            () => {
              const started = performance.now();
              requestAnimationFrame(() => setTimeout(() => w.latencies.push(performance.now() - started), 0));
            },
            true,
          );
        }, selector);
      const typeAndCollect = async (text: string) => {
        for (const key of text) await page.keyboard.type(key, { delay: 0 }).then(() => page.waitForTimeout(40));
        for (let i = 0; i < text.length; i++) await page.keyboard.press("Backspace").then(() => page.waitForTimeout(40));
        await page.waitForTimeout(100);
        return (await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies)).sort((a, b) => a - b);
      };
      const phrase = "ada love zoe kwame";

      await page.getByRole("searchbox", { name: "Search" }).focus();
      await instrument('input[name="q"]');
      const baseline = await typeAndCollect(phrase);

      await page.keyboard.press("Control+k");
      await page.getByRole("option").first().waitFor();
      const count = await page.evaluate(
        async () => ((await (await fetch("/api/search-feed")).json()) as { items: unknown[] }).items.length,
      );
      await instrument("[cmdk-input]");
      const palette = await typeAndCollect(phrase);

      console.log(
        `(d) palette keystroke-to-paint, the server searching (at most ${count} investors an answer), ${palette.length} keystrokes`,
      );
      console.log(
        `    palette:  median ${percentile(palette, 50).toFixed(1)} ms, p95 ${percentile(palette, 95).toFixed(1)} ms (goal ≤ 16 ms median)`,
      );
      console.log(
        `    baseline (plain input on the same page): median ${percentile(baseline, 50).toFixed(1)} ms, p95 ${percentile(baseline, 95).toFixed(1)} ms`,
      );
      console.log(`    ratio:    ${(percentile(palette, 50) / percentile(baseline, 50)).toFixed(2)}×`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
