import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Keeps backtracking-prone regular expressions out of the code that reads mail headers (decision
 * 017). `/\([^)]*\)/g` on a Message-ID of 80 KB of "(" froze the server for seconds: unanchored,
 * it starts at every "(" and each start scans to the end before failing. Two shapes are refused:
 *
 * - an unbounded run (`*`, `+`, `{n,}`) followed by more pattern in a regex not anchored with `^`
 *   (each start position can scan far, then fail): use a scanner or a bounded run `{0,N}`;
 * - a quantified group holding an unbounded run (`(a+)+`, `(?:\s*x)*`): exponential.
 *
 * `new RegExp(…)` is refused outright in these files: it cannot be checked.
 */

const ROOT = join(import.meta.dirname, "..", "..");
const MAIL_MODULES = [
  ...readdirSync(join(ROOT, "app/domain"))
    .filter((name) => /^mail.*\.ts$/.test(name))
    .map((name) => `app/domain/${name}`),
  ...readdirSync(join(ROOT, "app/integrations/mail")).map((name) => `app/integrations/mail/${name}`),
  "app/jobs/mail-sync.server.ts",
];

/** `optional` is `?` (zero or one: never a repetition). */
type Quantifier = "" | "optional" | "bounded" | "unbounded";
type Token = { kind: "atom" | "open" | "close" | "alt"; quantifier: Quantifier };

/** The pattern as a flat list of atoms, group brackets and alternations, each with its quantifier. */
function tokens(pattern: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") {
      i++;
      out.push({ kind: "atom", quantifier: "" });
    } else if (char === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
      out.push({ kind: "atom", quantifier: "" });
    } else if (char === "(") {
      if (pattern[i + 1] === "?")
        i += pattern[i + 2] === "<" && pattern[i + 3] !== "=" && pattern[i + 3] !== "!" ? pattern.indexOf(">", i) - i : 2;
      out.push({ kind: "open", quantifier: "" });
    } else if (char === ")") out.push({ kind: "close", quantifier: "" });
    else if (char === "|") out.push({ kind: "alt", quantifier: "" });
    else if (char === "*" || char === "+") setQuantifier(out, "unbounded");
    else if (char === "?") {
      if (pattern[i - 1] !== "*" && pattern[i - 1] !== "+" && pattern[i - 1] !== "?" && pattern[i - 1] !== "}")
        setQuantifier(out, "optional");
    } else if (char === "{") {
      const end = pattern.indexOf("}", i);
      const body = pattern.slice(i + 1, end);
      if (/^\d+(,\d*)?$/.test(body)) {
        setQuantifier(out, body.endsWith(",") ? "unbounded" : "bounded");
        i = end;
      } else out.push({ kind: "atom", quantifier: "" });
    } else if (char !== "^" && char !== "$") out.push({ kind: "atom", quantifier: "" });
  }
  return out;
}

function setQuantifier(out: Token[], quantifier: Quantifier) {
  const last = out[out.length - 1];
  if (last) last.quantifier = quantifier;
}

/** Why a pattern may backtrack without bound on a long input, or undefined when it cannot. */
function backtrackingRisk(pattern: string): string | undefined {
  const list = tokens(pattern);
  // A group's quantifier sits on its closing bracket: find groups that hold an unbounded run.
  const opens: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!;
    if (token.kind === "open") opens.push(i);
    if (token.kind === "close") {
      const start = opens.pop() ?? 0;
      const inner = list.slice(start + 1, i);
      if (token.quantifier === "unbounded" && inner.some((t) => t.quantifier !== "")) return "a repeated group holds a repeated run";
      if (token.quantifier === "bounded" && inner.some((t) => t.quantifier === "unbounded"))
        return "a repeated group holds an unbounded run";
    }
  }
  if (!pattern.startsWith("^")) {
    const lastUnbounded = list.findLastIndex((t) => t.quantifier === "unbounded");
    if (lastUnbounded >= 0 && list.slice(lastUnbounded + 1).some((t) => t.kind === "atom" || t.kind === "open")) {
      return "unanchored, and an unbounded run is followed by more pattern";
    }
  }
  return undefined;
}

/**
 * The regex literals in a source file, found by a small scanner (strings, template literals and
 * comments skipped; a "/" starts a regex where an operand is expected), and every `new RegExp`.
 */
function regexesIn(path: string): { pattern: string; line: number }[] {
  const text = readFileSync(join(ROOT, path), "utf8");
  const found: { pattern: string; line: number }[] = [];
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  let previous = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "/" && text[i + 1] === "/") {
      i = text.indexOf("\n", i);
      if (i < 0) break;
      continue;
    }
    if (char === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i) + 1;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") {
      for (i++; i < text.length && text[i] !== char; i++) if (text[i] === "\\") i++;
      previous = char;
      continue;
    }
    if (
      char === "/" &&
      (previous === "" || "(,=:[!&|?{};".includes(previous) || /\breturn$/.test(text.slice(Math.max(0, i - 8), i).trimEnd()))
    ) {
      let inClass = false;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === "\\") j++;
        else if (text[j] === "[") inClass = true;
        else if (text[j] === "]") inClass = false;
        else if (text[j] === "/" && !inClass) break;
      }
      found.push({ pattern: text.slice(i + 1, j), line: lineAt(i) });
      i = j;
      previous = "/";
      continue;
    }
    if (text.startsWith("new RegExp", i)) found.push({ pattern: "new RegExp(…)", line: lineAt(i) });
    if (!/\s/.test(char)) previous = char;
  }
  return found;
}

describe("regular expressions in the mail modules", () => {
  it("finds the patterns that backtracked, and passes the ones that cannot", () => {
    expect(backtrackingRisk("\\([^)]*\\)")).toMatch(/unanchored/);
    expect(backtrackingRisk("<([^<>]*)>")).toMatch(/unanchored/);
    expect(backtrackingRisk("=\\?([^?\\s]+)\\?([BbQq])\\?([^?\\s]*)\\?=")).toMatch(/unanchored/);
    expect(backtrackingRisk("^(a+)+$")).toMatch(/repeated group/);
    expect(backtrackingRisk("^(?:\\s*x)*$")).toMatch(/repeated group/);
    expect(backtrackingRisk("\\s+")).toBeUndefined();
    // The scanner finds the literals (mail.ts has a dozen), skipping strings and comments.
    expect(regexesIn("app/domain/mail.ts").length).toBeGreaterThan(8);
    expect(backtrackingRisk("[\\s<>]+")).toBeUndefined();
    expect(backtrackingRisk("^[ \\t]*$")).toBeUndefined();
    expect(backtrackingRisk("=\\?([^?\\s]{1,64})\\?([BbQq])\\?([^?\\s]{0,4096})\\?=")).toBeUndefined();
    expect(backtrackingRisk("^(?:[A-Za-z]{2,9},?\\s*)?(\\d{1,2})[\\s-]+([A-Za-z]{3})")).toBeUndefined();
  });

  it.each(MAIL_MODULES)("%s has none that can backtrack on a long header", (path) => {
    const risky = regexesIn(path)
      .map(({ pattern, line }) => ({ line, pattern, risk: pattern.startsWith("new RegExp") ? "not checkable" : backtrackingRisk(pattern) }))
      .filter((entry) => entry.risk !== undefined);
    expect(risky).toEqual([]);
  });
});
