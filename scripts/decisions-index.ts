// Rewrites the table of docs/decisions/README.md from the decision files (their title, Date and
// Status lines). tests/docs/decisions.test.ts fails when the index and the files disagree.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const folder = join(import.meta.dirname, "..", "docs", "decisions");

export function decisionRow(file: string, text: string): string {
  const title = /^# (\d{3}) — (.+)$/.exec(text.split("\n")[0] ?? "");
  const date = /^Date: (\S+)/m.exec(text)?.[1] ?? "";
  const status = /^Status: (.+?)\s*$/m.exec(text)?.[1] ?? "";
  return `| [${title?.[1] ?? ""}](${file}) | ${title?.[2] ?? ""} | ${date} | ${status} |`;
}

export function decisionRows(): string[] {
  return readdirSync(folder)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort()
    .map((file) => decisionRow(file, readFileSync(join(folder, file), "utf8")));
}

if (import.meta.main) {
  const indexPath = join(folder, "README.md");
  const lines = readFileSync(indexPath, "utf8").split("\n");
  const kept = lines.filter((line) => !/^\| \[\d{3}\]/.test(line));
  const header = kept.findIndex((line) => line.startsWith("|---"));
  kept.splice(header + 1, 0, ...decisionRows());
  writeFileSync(indexPath, kept.join("\n"));
  console.log(`docs/decisions/README.md lists ${decisionRows().length} decisions`);
}
