import type { z } from "zod";

/**
 * Text exchanged with a model. Going in, text from people and web pages is quoted between our
 * own `<<<…>>>` markers, so the text itself must never carry one: a page could otherwise close
 * its own quote and speak as the prompt. Coming back, an answer counts only as the JSON we asked
 * for. Pure.
 */

/**
 * `text` on one line, our delimiter markers removed, white space folded, cut to `max` characters
 * with an ellipsis. Nothing (null, undefined) quotes as "".
 */
export function quote(text: string | null | undefined, max: number): string {
  if (typeof text !== "string") return "";
  const cleaned = text
    .replace(/<<<|>>>/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1).trimEnd()}…` : cleaned;
}

/** The model's answer as `schema` reads it, or undefined when it is not that JSON. */
export function readJsonAnswer<T>(text: string, schema: z.ZodType<T>): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
