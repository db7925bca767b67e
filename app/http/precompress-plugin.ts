import type { Plugin } from "vite";
import { precompressStaticFiles } from "./compression.server.ts";

/**
 * Writes the .br/.gz copies of the client build's files as the build finishes, so a start (a
 * test server, a deploy) finds them ready and sirv serves them as they are.
 */
export function precompressClientBuild(): Plugin {
  return {
    name: "ipi:precompress-client-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const { files, written } = await precompressStaticFiles(options.dir);
      this.info(`brotli and gzip copies of ${files} files (${written} written)`);
    },
  };
}
