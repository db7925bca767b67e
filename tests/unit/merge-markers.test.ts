import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { trackedFiles } from "#tests/helpers/tracked-files.ts";

/** A line git writes around a conflict it could not merge: left in, it is a sentence of nonsense in a doc or a syntax error in code. */
const MARKER = /^(<{7} |>{7} |={7}$)/m;

function withMarkers(files: readonly { path: string; text: string }[]): string[] {
  return files.filter((file) => MARKER.test(file.text)).map((file) => file.path);
}

describe("no merge conflict markers left in", () => {
  it("any file git tracks in the code, tests, benchmarks, scripts or docs", () => {
    const files = trackedFiles("app", "db", "docs", "bench", "scripts", "tests").map((path) => ({
      path,
      text: readFileSync(path, "utf8"),
    }));
    expect(withMarkers(files), "resolve these merges").toEqual([]);
  });

  it("names a file with one, and lets a markdown rule or a heading underline pass", () => {
    const files = [
      { path: "docs/a.md", text: "| row |\n<<<<<<< HEAD\n=======\n>>>>>>> branch\n" },
      { path: "docs/b.md", text: "A title\n========\n\n---\n" },
    ];
    expect(withMarkers(files)).toEqual(["docs/a.md"]);
  });
});
