import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decisionRows } from "../../scripts/decisions-index.ts";

/**
 * Decisions are dated records that are superseded, never rewritten: each has a date, a status and
 * the three sections, and the index (docs/decisions/README.md) lists every one with its status.
 */
const folder = join(process.cwd(), "docs", "decisions");
const files = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

type Decision = { file: string; number: string; title: string; date: string; status: string; text: string };

function read(file: string): Decision {
  const text = readFileSync(join(folder, file), "utf8");
  const title = /^# (\d{3}) — (.+)$/m.exec(text.split("\n")[0] ?? "");
  const date = /^Date: (\d{4}-\d{2}-\d{2})\s*$/m.exec(text);
  const status = /^Status: (.+?)\s*$/m.exec(text);
  return {
    file,
    number: title?.[1] ?? "",
    title: title?.[2] ?? "",
    date: date?.[1] ?? "",
    status: status?.[1] ?? "",
    text,
  };
}

const decisions = files.map(read);

describe("docs/decisions", () => {
  it.each(files)("%s has a numbered title, a date, a status and context / decision / consequences", (file) => {
    const decision = read(file);
    expect(decision.number, "title line `# NNN — Title`").toBe(file.slice(0, 3));
    expect(decision.title).not.toBe("");
    expect(decision.date, "a `Date: YYYY-MM-DD` line").toMatch(/^2\d{3}-\d{2}-\d{2}$/);
    expect(decision.status, "a `Status:` line").toMatch(/^(accepted|superseded by .+|superseded in part by .+)$/);
    const sections = [...decision.text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(sections.slice(0, 2)).toEqual(["Context", "Decision"]);
    expect(sections).toContain("Consequences");
  });

  it("numbers are unique", () => {
    const numbers = decisions.map((decision) => decision.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("a superseded decision names its successor, and the successor says what it supersedes", () => {
    for (const old of decisions.filter((decision) => decision.status.startsWith("superseded"))) {
      const successor = /\[(\d{3})\]\((\d{3}-[^)]+\.md)\)/.exec(old.status);
      expect(successor, `${old.file}: status links the decision that replaces it`).not.toBeNull();
      const next = decisions.find((decision) => decision.file === successor?.[2]);
      expect(next, `${old.file}: ${successor?.[2]} exists`).toBeDefined();
      expect(next?.text, `${next?.file} says it supersedes ${old.number}`).toMatch(new RegExp(`^Supersedes:.*\\b${old.number}\\b`, "m"));
    }
  });

  it("the index lists every decision with its title, date and status", () => {
    const index = readFileSync(join(folder, "README.md"), "utf8");
    const rows = index.split("\n").filter((line) => /^\| \[\d{3}\]/.test(line));
    expect(rows, "run `npm run decisions:index` after adding or superseding a decision").toEqual(decisionRows());
  });
});
