import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { trackedFiles } from "#tests/helpers/tracked-files.ts";

/** A module past this many lines mixes concerns: split it by what each part does. */
const MAX_LINES = 500;

/** Files allowed past the limit, each with its reason: data, not code. */
const ALLOWED: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^db\/migrations\/meta\/\d{4}_snapshot\.json$/,
    reason: "drizzle-kit writes a snapshot of the whole schema per migration; never edited by hand",
  },
];

function overLimit(files: readonly { path: string; lines: number }[]): string[] {
  return files
    .filter((file) => file.lines > MAX_LINES && !ALLOWED.some((allowed) => allowed.pattern.test(file.path)))
    .map((file) => `${file.path}: ${file.lines} lines`);
}

describe(`no file in app/ or db/ over ${MAX_LINES} lines`, () => {
  it("holds for every file git tracks there, but the listed data", () => {
    const files = trackedFiles("app", "db").map((path) => ({ path, lines: readFileSync(path, "utf8").split("\n").length }));
    expect(overLimit(files), "split these by concern").toEqual([]);
  });

  it("names a file past the limit, and lets the listed data pass", () => {
    const files = [
      { path: "app/domain/big.ts", lines: 501 },
      { path: "app/domain/fits.ts", lines: 500 },
      { path: "db/migrations/meta/0011_snapshot.json", lines: 2_000 },
    ];
    expect(overLimit(files)).toEqual(["app/domain/big.ts: 501 lines"]);
  });
});
