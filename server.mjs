// Starts the built app: `npm start` builds first; the Docker image runs this file directly.
import "./scripts/require-node.mjs";
import { existsSync } from "node:fs";

const entry = new URL("./build/server/index.js", import.meta.url);
if (!existsSync(entry)) {
  console.error("The app is not built yet: run `npm run build` (or `npm start`, which builds first).");
  process.exit(1);
}
const { startServer } = await import(entry.href);
startServer();
