// Starts the built app, through scripts/start-server.ts (`npm start`, which builds first, `npm run
// serve` and the Docker image), with its heap flags and allocator.
import "./scripts/require-node.mjs";
import { existsSync } from "node:fs";
import { enableCompileCache, flushCompileCache } from "node:module";

const entry = new URL("./build/server/index.js", import.meta.url);
if (!existsSync(entry)) {
  console.error("The app is not built yet: run `npm run build` (or `npm start`, which builds first).");
  process.exit(1);
}
// V8's compiled code of the server is kept on disk (NODE_COMPILE_CACHE, else the system's temporary
// folder), so a restart skips compiling the 3 MB bundle: about 0.1 s of a cold start (docs/deploy.md).
enableCompileCache();
const { startServer } = await import(entry.href);
// Written now, not only at exit: a machine stopped without a clean exit still keeps it.
flushCompileCache();
startServer();
