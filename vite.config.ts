import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressClientBuild } from "./app/http/precompress-plugin.ts";

// The server build's entry is app/server.ts (a small node:http server that also owns the
// scheduler); it imports the React Router server build as a virtual module.
export default defineConfig({
  environments: {
    // app/domain is pure by contract (no db, clock or network), so a module there whose own exports
    // go unused can be left out: a component that needs a label from investor.ts (re-exported from
    // vocabulary.ts) then does not bring investor.ts's zod schemas into the browser.
    client: { build: { rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/app\/domain\//, sideEffects: false }] } } } },
    // drizzle-orm is bundled into the server: loaded from node_modules it pulls in every dialect
    // and costs about 0.4 s and 140 MiB at start for the few modules we use.
    ssr: { resolve: { noExternal: ["drizzle-orm"] }, build: { rolldownOptions: { input: "./app/server.ts" }, target: "node24" } },
  },
  plugins: [reactRouter(), precompressClientBuild()],
});
