import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressClientBuild } from "./app/http/precompress-plugin.ts";

// The server build's entry is app/server.ts (a small node:http server that also owns the
// scheduler); it imports the React Router server build as a virtual module.
export default defineConfig({
  environments: {
    ssr: { build: { rolldownOptions: { input: "./app/server.ts" }, target: "node24" } },
  },
  plugins: [reactRouter(), precompressClientBuild()],
});
