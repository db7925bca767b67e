import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../helpers/chromium.ts";

export const E2E_PASSCODE = "e2e-passcode-4821";
// A port of its own per run (set once here, inherited by the workers), so two runs on one machine
// never test each other's server.
process.env.E2E_PORT ??= String(3200 + Math.floor(Math.random() * 2_000));
const port = Number(process.env.E2E_PORT);
// The server's database file, set once here like the port, so a spec can put a row in a state no
// route sets yet (stalled.spec.ts: a meeting date and a next step; discovery's deals) and read back what it wrote.
process.env.E2E_DATABASE_PATH ??= join(mkdtempSync(join(tmpdir(), "ipi-e2e-")), "app.db");
export const DATABASE_PATH = process.env.E2E_DATABASE_PATH;
const databasePath = DATABASE_PATH;
// Where founder.setup.ts saves the signed-in founder's storageState, once per run, for the specs
// that need a signed-in browser (helpers.ts `openSignedIn`); set once here like the port.
process.env.E2E_FOUNDER_STATE ??= join(mkdtempSync(join(tmpdir(), "ipi-e2e-state-")), "founder.json");
export const FOUNDER_STATE = process.env.E2E_FOUNDER_STATE;

// Debian's chromium (browser downloads do not work on these machines).
export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  // A whole flow (import, draft, asked, introduced, export, axe twice) took 29.8 s at 1440 px and
  // ran out of 30 s at 390 px on a machine busy with other builds: a limit, not a goal.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    // Signs in through the form once and saves the session (founder.setup.ts).
    { name: "setup", testMatch: /\.setup\.ts$/ },
    { name: "chromium", testMatch: /\.spec\.ts$/, dependencies: ["setup"] },
  ],
  webServer: {
    // The app with fake Tavily and Gemini servers (scripts/offline.ts), so a refresh can run.
    command: "node scripts/offline.ts",
    cwd: "../..",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: databasePath,
      ADMIN_PASSCODE: E2E_PASSCODE,
      SCHEDULER_ENABLED: "false",
      NODE_ENV: "test",
      // Discovery reads no public feed and no GDELT here: the machine may have no internet.
      DEAL_FEEDS: "none",
      DISCOVERY_GDELT: "false",
      FOUNDER_NAME: "Marie Curie",
      MEETING_LINK: "https://cal.example.com/marie-curie",
    },
  },
});
