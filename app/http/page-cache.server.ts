/**
 * Rendered pages kept while what they show is unchanged (docs/scale.md, "Reads"). A route opts in
 * with `handle: { keepHtml: true }` when its page follows only from its URL and its loader data,
 * and its loader returns data kept until the next database write (`keptUntilWrite`): the same
 * objects come back until something changes, so their identity says "same page". The page's HTML
 * is then rendered once per version and each later answer only puts in its own CSP nonce.
 */

/** Stands in for the request's nonce in a kept page (never produced by a real nonce: not base64). */
const NONCE_MARK = "\u0000nonce\u0000";
const MAX_PAGES = 16;

type Match = { route: { id: string; handle?: unknown } };
export type RenderedContext = {
  matches: Match[];
  loaderData: Record<string, unknown>;
  actionData: unknown;
  errors: unknown;
};

const ids = new WeakMap<object, number>();
let nextId = 1;
const pages = new Map<string, string>();

function identity(value: object): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = nextId++;
    ids.set(value, id);
  }
  return id;
}

/** Each top-level field: a primitive by value, an object or array by identity. */
function describe(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  return Object.entries(value)
    .map(([key, field]) => `${key}=${field !== null && typeof field === "object" ? `#${identity(field)}` : JSON.stringify(field)}`)
    .join("&");
}

/**
 * The key of a page that may be kept, or null: a GET answered 200 by a route that opted in, with
 * no action data and no error. Two requests with the same key render the same HTML but for the nonce.
 */
export function keptPageKey(method: string, url: string, status: number, context: RenderedContext): string | null {
  if (method !== "GET" || status !== 200 || context.actionData || context.errors) return null;
  const leaf = context.matches.at(-1)?.route.handle as { keepHtml?: boolean } | undefined;
  if (!leaf?.keepHtml) return null;
  const parts = [url];
  for (const match of context.matches) parts.push(`${match.route.id}:${describe(context.loaderData[match.route.id])}`);
  return parts.join("\n");
}

/** The kept page for this key with this request's nonce, if there is one. */
export function keptPage(key: string, nonce: string): string | undefined {
  const html = pages.get(key);
  if (html === undefined) return undefined;
  // Most recently used last, so the oldest goes first when the map is full.
  pages.delete(key);
  pages.set(key, html);
  return html.replaceAll(NONCE_MARK, nonce);
}

/** Keeps a page rendered with `nonce` (the nonce is taken out and put back on each answer). */
export function keepPage(key: string, html: string, nonce: string): void {
  pages.set(key, html.replaceAll(nonce, NONCE_MARK));
  while (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
}

/** For tests: forget every kept page. */
export function forgetKeptPages(): void {
  pages.clear();
}
