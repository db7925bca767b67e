import type { $ZodErrorMap, $ZodIssue } from "zod/v4/core";

/**
 * What the pages' forms say about a wrong field, in the founder's words ("Name is required",
 * "Enter a date like 2026-11-23"), never zod's own text. Each form lists its fields once; the
 * same words are used in the browser (conform's onValidate) and in the action's reply, so a
 * message is identical with JavaScript on and off. The JSON API keeps its own messages.
 */

export type FieldWords = {
  /** The field as the form labels it: "Name", "Last contact". */
  label: string;
  /** What to say for any wrong value; without it, a sentence is built from the label. */
  invalid?: string;
  /** What to say when the field is empty; default "<label> is required". */
  required?: string;
};

/** Field name as conform writes it ("name", "add_contact.note", "weights.sector") → its words. */
export type FormWords = Record<string, FieldWords>;

export const DATE_MESSAGE = "Enter a date like 2026-11-23";
export const UNKNOWN_FIELD_MESSAGE = "This form sent something the app does not expect. Reload the page and try again.";

const MISSING = "__missing__";

/** Tags a field left empty (conform turns an empty input into undefined) so it reads "… is required". */
const markMissing: $ZodErrorMap = (issue) => (issue.code === "invalid_type" && issue.input === undefined ? MISSING : undefined);

function fieldName(path: readonly PropertyKey[]): string {
  return path.filter((part): part is string => typeof part === "string").join(".");
}

function count(value: number | bigint): string {
  return Number(value).toLocaleString("en-US");
}

function isMissing(issue: $ZodIssue): boolean {
  if (issue.message === MISSING) return true;
  // A field of spaces only: trimmed to "" before the length check.
  return issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1;
}

/** One issue → one sentence a founder understands. */
export function founderMessage(issue: $ZodIssue, words: FormWords): string {
  if (issue.code === "unrecognized_keys") return UNKNOWN_FIELD_MESSAGE;
  const name = fieldName(issue.path);
  const field = words[name] ?? { label: name ? name.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase()) : "This form" };
  if (isMissing(issue)) return field.required ?? `${field.label} is required`;
  // A refinement written as a whole sentence ("Write a note for the contact") is already the founder's.
  if (issue.code === "custom" && /^[A-Z]/.test(issue.message)) return issue.message;
  if (field.invalid) return field.invalid;
  const label = field.label;
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return `${label} must be at most ${count(issue.maximum)} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `${label} can have at most ${count(issue.maximum)} entries`;
      return `${label} must be at most ${count(issue.maximum)}`;
    case "too_small":
      if (issue.origin === "array" || issue.origin === "set") return `${label} needs at least ${count(issue.minimum)}`;
      return `${label} must be at least ${count(issue.minimum)}`;
    case "invalid_type":
      if (issue.expected === "number" || issue.expected === "int") return `${label} must be a number`;
      return `${label} is not valid`;
    case "invalid_value":
      return `Choose ${label.toLowerCase()} from the list`;
    case "invalid_format":
      if (issue.format === "email") return `${label} must be an email address like name@example.com`;
      return `${label} is not valid`;
    case "custom":
      // Our own refinements are written as "must be …": name the field in front.
      return `${label} ${issue.message}`;
    default:
      return `${label} is not valid`;
  }
}

/** The options to pass to conform's parseWithZod so every message is the founder's. */
export function founderErrors(words: FormWords): { error: $ZodErrorMap; formatError: (issues: $ZodIssue[]) => string[] } {
  return { error: markMissing, formatError: (issues) => [...new Set(issues.map((issue) => founderMessage(issue, words)))] };
}
