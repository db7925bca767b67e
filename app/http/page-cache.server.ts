import { createHash } from "node:crypto";
import { type Encoding, compressOnce } from "./compression.server.ts";

/**
 * Rendered pages kept while what they show is unchanged (docs/scale.md, "Reads"). A route opts in
 * with `handle: { keepHtml: true }` when its page follows only from its URL and its loader data,
 * and its loader returns data kept until the next database write (`keptUntilWrite`): the same
 * objects come back until something changes, so their identity says "same page". The page's HTML
 * is then rendered once per version, without a nonce: its CSP names the hashes of its inline
 * scripts instead (decision 028), so every answer is the same bytes and each encoding a browser
 * asks for is compressed once per version.
 */

/** Pages kept at most, one version each (a new version of a page replaces the old one). */
const MAX_PAGES = 16;

type Match = { route: { id: string; handle?: unknown } };
export type RenderedContext = {
  matches: Match[];
  loaderData: Record<string, unknown>;
  actionData: unknown;
  errors: unknown;
};

/** One version of a page: its bytes, its inline scripts' CSP sources, and its compressed forms. */
export type KeptPage = {
  html: Uint8Array<ArrayBuffer>;
  /** `'sha256-…'` for each inline script, in page order, without repeats. */
  scriptHashes: readonly string[];
  /** Made on first demand, one per encoding asked for (a promise, so two first askers share it). */
  encoded: Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>;
};

const ids = new WeakMap<object, number>();
let nextId = 1;
/** By slot (the key without the identities: the URL and the primitives), the current version. */
const pages = new Map<string, { key: string; page: KeptPage }>();

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
 * no action data and no error. Two requests with the same key render the same HTML.
 */
export function keptPageKey(method: string, url: string, status: number, context: RenderedContext): string | null {
  if (method !== "GET" || status !== 200 || context.actionData || context.errors) return null;
  const leaf = context.matches.at(-1)?.route.handle as { keepHtml?: boolean } | undefined;
  if (!leaf?.keepHtml) return null;
  const parts = [url];
  for (const match of context.matches) parts.push(`${match.route.id}:${describe(context.loaderData[match.route.id])}`);
  return parts.join("\n");
}

const slotOf = (key: string) => key.replace(/#\d+/g, "#");

/** The kept page for this key, if its version is the one kept. */
export function keptPage(key: string): KeptPage | undefined {
  const slot = slotOf(key);
  const entry = pages.get(slot);
  if (entry?.key !== key) return undefined;
  // Most recently used last, so the oldest goes first when the map is full.
  pages.delete(slot);
  pages.set(slot, entry);
  return entry.page;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources of every inline script in `html` (those without `src`): React Router's context,
 * route manifest and data stream, the scroll restoration, React's own boundary scripts. The
 * browser hashes the script's text as written, and a rendered script never contains `</script>`
 * (React Router escapes `<` in the data it streams), so the first `</script>` ends it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** A page as it will be answered and, with `key`, kept as the current version of its slot. */
export function keepPage(key: string | null, html: string): KeptPage {
  const page: KeptPage = { html: new Uint8Array(Buffer.from(html, "utf8")), scriptHashes: inlineScriptHashes(html), encoded: new Map() };
  if (key === null) return page;
  const slot = slotOf(key);
  pages.delete(slot);
  pages.set(slot, { key, page });
  while (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
  return page;
}

/** The page's bytes in `encoding`, compressed once per kept version. */
export function encodedPage(page: KeptPage, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  let encoded = page.encoded.get(encoding);
  if (!encoded) {
    encoded = compressOnce(page.html, encoding);
    page.encoded.set(encoding, encoded);
  }
  return encoded;
}

/** For tests: forget every kept page. */
export function forgetKeptPages(): void {
  pages.clear();
}
