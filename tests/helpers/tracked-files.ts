import { execFileSync } from "node:child_process";

/** The files git tracks under the given folders (nothing generated or ignored), as repo paths. */
export function trackedFiles(...folders: string[]): string[] {
  return execFileSync("git", ["ls-files", ...folders], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
}
