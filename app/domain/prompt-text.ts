/**
 * Text from people and web pages placed inside a model prompt. Every prompt quotes such text
 * between our own `<<<…>>>` markers, so the text itself must never carry one: a page could
 * otherwise close its own quote and speak as the prompt. Pure.
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
