import { readFileSync } from "node:fs";
import { dirname, posix } from "node:path";
import { describe, expect, it } from "vitest";
import { trackedFiles } from "#tests/helpers/tracked-files.ts";

/**
 * docs/architecture.md is the map a newcomer reads first: it names every folder of app/ and db/,
 * and every module directly in the folders a newcomer looks for code in. A module is named by its
 * path (`app/jobs/worker.server.ts`), or by its file name on a line that names its folder
 * (`app/services/` — `chat.server.ts`, …).
 */
const MAPPED_FILES_IN = ["app", "db", "app/http", "app/auth", "app/jobs", "app/services", "db/queries", "app/integrations"];

/** What the map does not name: folders, then the modules of MAPPED_FILES_IN. */
function missingFromMap(map: string, files: readonly string[]): string[] {
  const lines = map.split("\n");
  const names = (path: string) => map.includes(path);
  const folders = new Set<string>();
  for (const file of files) {
    for (let folder = dirname(file); folder !== "."; folder = dirname(folder)) folders.add(folder);
  }
  const missing = [...folders].sort().filter((folder) => !names(`${folder}/`) && !names(`\`${folder}\``));
  for (const file of files) {
    const folder = dirname(file);
    if (!MAPPED_FILES_IN.includes(folder)) continue;
    const named = names(file) || lines.some((line) => line.includes(`${folder}/`) && line.includes(posix.basename(file)));
    if (!named) missing.push(file);
  }
  return missing;
}

describe("docs/architecture.md names every folder and module", () => {
  it("names every folder of app/ and db/, and every module of the folders a newcomer reads", () => {
    const map = readFileSync("docs/architecture.md", "utf8");
    expect(missingFromMap(map, trackedFiles("app", "db")), "add these to docs/architecture.md").toEqual([]);
  });

  it("finds a folder and a module the map leaves out", () => {
    const map = "| jobs | `app/jobs/` — `worker.server.ts` |\n`app/domain/`";
    const files = ["app/jobs/worker.server.ts", "app/jobs/digest.server.ts", "app/domain/chat/prompt.ts", "app/domain/scoring.ts"];
    expect(missingFromMap(map, files)).toEqual(["app/domain/chat", "app/jobs/digest.server.ts"]);
  });
});
