import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressClientBuild } from "./app/http/precompress-plugin.ts";

// The server build's entry is app/server.ts (a small node:http server that also owns the
// scheduler); it imports the React Router server build as a virtual module.
export default defineConfig(({ command }) => ({
  environments: {
    // app/domain is pure by contract (no db, clock or network), so a module there whose own exports
    // go unused can be left out: a component that needs a label from investor.ts (re-exported from
    // vocabulary.ts) then does not bring investor.ts's zod schemas into the browser.
    client: { build: { rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/app\/domain\//, sideEffects: false }] } } } },
    // Every dependency is bundled into the server (decision 043): loaded from node_modules, node
    // resolved, linked and compiled 320-360 files at each start (half a second of a cold start;
    // drizzle-orm alone pulled in every SQL dialect). Left out: better-sqlite3 (a native addon) and
    // the SDKs loaded on their first call, CommonJS packages kept as their authors ship them.
    ssr: {
      // The development server loads packages from node_modules as they are (it runs no CommonJS in
      // its module runner); only drizzle-orm is worth bundling there.
      resolve:
        command === "build"
          ? { noExternal: true, external: ["better-sqlite3", "imapflow", "@google/genai", "openai", "twilio"] }
          : { noExternal: ["drizzle-orm"] },
      // ASCII output (non-ASCII written as escapes) and no doc comments: V8 keeps a script's source
      // for as long as the script lives, one byte a character when it is all Latin-1, two otherwise;
      // 798 characters such as "—", most in comments, made the whole 3.8 MB bundle cost 7.6 MB of
      // the 96 MB heap (decision 069). Legal and annotation comments stay.
      build: {
        rolldownOptions: {
          input: "./app/server.ts",
          output: { charset: "ascii", comments: { legal: true, annotation: true, jsdoc: false } },
        },
        target: "node24",
      },
      // The built server is production code whatever NODE_ENV it starts with: React's and React
      // Router's development builds (0.7 MB of a 3.1 MB bundle, never run by the built server when
      // NODE_ENV=production, and run by `npm start` when it was unset) are left out of it
      // (decision 048). The app's own choice of deployment (HSTS, secure cookies) reads its config.
      define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
    },
  },
  plugins: [reactRouter(), precompressClientBuild()],
}));
