/**
 * Offline mode: the app with fake Tavily and Gemini servers on 127.0.0.1, so a refresh can be
 * watched end to end with no keys and no network. `npm run offline` builds first.
 */
import { SERVER_NODE_FLAGS, serverMallocEnv } from "./server-flags.ts";
import { spawn } from "node:child_process";
import { chatAnswerFor, judgementFor, promptOf, wantsChatAnswer } from "../tests/helpers/judge-fake.ts";
import { newsResultsFor, startFakeGemini, startFakeTavily } from "../tests/fakes/index.ts";

const [tavily, gemini] = await Promise.all([startFakeTavily(), startFakeGemini()]);
// A little latency, so the dashboard's progress bar has something to show.
tavily.respond((body) => ({ json: newsResultsFor(body), delayMs: 400 }));
gemini.answerWith((body: unknown) => (wantsChatAnswer(body) ? chatAnswerFor(promptOf(body)) : judgementFor(promptOf(body))));
console.log(`Fake Tavily at ${tavily.url}, fake Gemini at ${gemini.url}`);

// As users start it: the production heap flags and allocator (scripts/server-flags.ts).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...serverMallocEnv(),
    DATABASE_PATH: process.env.DATABASE_PATH ?? "./data/offline.db",
    TAVILY_API_KEY: "offline-fake-key",
    TAVILY_BASE_URL: tavily.url,
    GEMINI_API_KEY: "offline-fake-key",
    GEMINI_BASE_URL: gemini.url,
    CRON_SECRET: process.env.CRON_SECRET ?? "offline-cron-secret-0123456789ab",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", async (code) => {
  await Promise.all([tavily.close(), gemini.close()]);
  process.exit(code ?? 0);
});
