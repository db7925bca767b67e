import { createHmac, timingSafeEqual } from "node:crypto";
import { type DeckLinkRow, deckLinkByTokenHash, linkVersion, versionPageImage, versionPages } from "#db/queries/deck-links.server.ts";
import { addViewSeconds, startDeckView, viewOfLink } from "#db/queries/deck-views.server.ts";
import { deckFileChunk } from "#db/queries/decks.server.ts";
import type { App } from "../app-context.ts";
import { DECK_LINK_TOKEN_PATTERN, deckLinkTokenHash } from "../auth/deck-link-token.server.ts";
import { deviceClass, linkState, previewBotName, watermarkText } from "../domain/deck-links.ts";
import { isRead } from "../domain/deck-signals.ts";
import { rescoreForPaths } from "./intro-asked.server.ts";
import { log } from "../log.server.ts";

/**
 * The public viewer's work (decision 068): a token to its link (or why not), a visit started
 * (a preview bot apart), the viewer's reports of time per page checked against a per-view key,
 * page images with a light watermark of the investor's name (kept in a bounded cache), the
 * original when the link allows it. Never the investor's or startup's name to a link that does
 * not work.
 */

export type LinkVersion = NonNullable<ReturnType<typeof linkVersion>>;

export type OpenedLink =
  | { state: "malformed" | "unknown" | "revoked" | "expired" }
  | { state: "empty"; link: DeckLinkRow }
  | { state: "active"; link: DeckLinkRow; version: LinkVersion };

/** What a token names now. A malformed token is never looked up. */
export function openDeckLink(app: App, token: string): OpenedLink {
  if (!DECK_LINK_TOKEN_PATTERN.test(token)) return { state: "malformed" };
  const link = deckLinkByTokenHash(app.db, deckLinkTokenHash(token));
  if (!link) return { state: "unknown" };
  const state = linkState(link, app.now());
  if (state !== "active") return { state };
  const version = linkVersion(app.db, link);
  // A deck whose every version was refused, or deleted with its startup's rows: nothing to show.
  if (!version) return { state: "empty", link };
  return { state: "active", link, version };
}

function mac(app: App, purpose: string, value: string): string {
  return createHmac("sha256", app.deckLinkKey).update(`${purpose}:${value}`).digest("base64url").slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The key a viewer's reports must carry for this view: nobody else can add time to it. */
export function viewKey(app: App, viewId: number): string {
  return mac(app, "deck-view", String(viewId));
}

/** The `seen` cookie's value for a token: proof this browser opened the link (trusted past the guess ceiling). */
export function seenMark(app: App, token: string): string {
  return mac(app, "deck-seen", token);
}

export function isSeenMark(app: App, token: string, value: string | undefined): boolean {
  return value !== undefined && sameText(value, seenMark(app, token));
}

/** The email gate's cookie: the address given, signed, so it comes back with the next GET. */
export function gateCookieValue(app: App, token: string, email: string): string {
  const encoded = Buffer.from(email).toString("base64url");
  return `${encoded}.${mac(app, `deck-gate:${token}`, encoded)}`;
}

export function gateEmail(app: App, token: string, value: string | undefined): string | null {
  if (!value) return null;
  const [encoded = "", signature = ""] = value.split(".");
  if (!encoded || !sameText(signature, mac(app, `deck-gate:${token}`, encoded))) return null;
  return Buffer.from(encoded, "base64url").toString("utf8");
}

/** An address group as the database keeps it: keyed, so the table names no address. */
export function addressGroupHash(app: App, group: string): string {
  return mac(app, "deck-address-group", group).slice(0, 22);
}

/** A visit starts: a person's view, or a preview bot's apart. */
export function startVisit(
  app: App,
  opened: { link: DeckLinkRow; version: LinkVersion | null },
  visitor: { userAgent: string | null; addressGroup: string; email?: string | null },
): { viewId: number; key: string; bot: string | null } {
  const bot = previewBotName(visitor.userAgent);
  const view = startDeckView(
    app.db,
    opened.link,
    {
      versionId: opened.version?.id ?? null,
      device: deviceClass(visitor.userAgent),
      addressGroupHash: addressGroupHash(app, visitor.addressGroup),
      bot,
      email: visitor.email ?? null,
    },
    app.now(),
  );
  // A person's view changes what is due (an unopened link is opened; a glance may be unanswered):
  // the investor is re-scored now, so Today says it at once (decision 068). A preview changes nothing.
  if (bot === null) rescoreForView(app, opened.link);
  return { viewId: view.id, key: viewKey(app, view.id), bot };
}

/** The link's investor re-scored (their action and follow-up), on the real side; an ad-hoc link has none. */
function rescoreForView(app: App, link: DeckLinkRow): void {
  if (link.investorId === null) return;
  rescoreForPaths(app, [link.investorId], false);
}

export type ViewReport = { view: number; key: string; pages: Array<{ page: number; seconds: number }> };

/** A viewer's report of seconds per page: only with its view's key, only on a view of this link, bounded. */
export function reportViewTime(app: App, link: DeckLinkRow, report: ViewReport): { ok: true; added: number } | { ok: false } {
  if (!sameText(report.key, viewKey(app, report.view))) return { ok: false };
  const view = viewOfLink(app.db, report.view, link.id);
  if (!view || view.bot !== null) return { ok: false };
  const version = view.versionId === null ? undefined : linkVersion(app.db, { deckId: link.deckId, pinnedVersionId: view.versionId });
  const pageCount = version?.id === view.versionId ? version.pages : 0;
  const after = addViewSeconds(app.db, view, pageCount, report.pages, app.now());
  if (!after) return { ok: false };
  // Re-scored at once when this report made the view a read; the reports after it (one every 15 s
  // from each viewer) re-score once the reading settles, so the reason the investor's page keeps
  // ("6 min, longest on Financials") ends as the view ends, without rebuilding the founder's kept
  // Today on every report.
  if (!isRead({ seconds: view.seconds, pages: view.pagesSeen }) && isRead({ seconds: after.seconds, pages: after.pagesSeen })) {
    rescoreForView(app, link);
  } else if (after.added > 0 && isRead({ seconds: after.seconds, pages: after.pagesSeen })) {
    rescoreWhenSettled(app, link);
  }
  return { ok: true, added: after.added };
}

/** How long after a read's latest report its investor is re-scored (one re-score however many reports came meanwhile). */
export const READ_SETTLES_MS = 30_000;
const settling = new WeakMap<App, Map<number, NodeJS.Timeout>>();

/**
 * The link's investor re-scored READ_SETTLES_MS after the first report that finds none pending: a
 * reader's reports meanwhile ride on it. A restart loses a pending one (the daily re-score then
 * brings the reason up to date; Today's follow-up line reads the views afresh anyway).
 */
function rescoreWhenSettled(app: App, link: DeckLinkRow): void {
  if (link.investorId === null) return;
  let pending = settling.get(app);
  if (!pending) {
    pending = new Map();
    settling.set(app, pending);
  }
  if (pending.has(link.investorId)) return;
  const investorId = link.investorId;
  const timer = setTimeout(() => {
    pending.delete(investorId);
    rescoreForView(app, link);
  }, READ_SETTLES_MS);
  timer.unref();
  pending.set(investorId, timer);
}

/** The pages the viewer shows, in order. */
export function viewerPages(app: App, version: LinkVersion) {
  return versionPages(app.db, version.id);
}

/** Watermarked images kept, by bytes: a flood of the same pages is served from here, not sharp. */
export const WATERMARK_CACHE_BYTES = 16 * 1024 * 1024;
const cache = new Map<string, { image: Buffer; etag: string }>();
let cachedBytes = 0;

function remember(key: string, entry: { image: Buffer; etag: string }): void {
  if (entry.image.byteLength > WATERMARK_CACHE_BYTES / 4) return;
  cache.set(key, entry);
  cachedBytes += entry.image.byteLength;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= WATERMARK_CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.image.byteLength;
  }
}

/** The bytes the watermark cache holds now (for a test and the decision's numbers). */
export function watermarkCacheBytes(): number {
  return cachedBytes;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The watermark: the name, small and light, in the page's lower right corner. */
function watermarkSvg(width: number, height: number, text: string): Buffer {
  const size = Math.max(12, Math.round(width / 60));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${width - size}" y="${height - size}" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" fill="#000" fill-opacity="0.28">${escapeXml(text)}</text></svg>`,
  );
}

/**
 * A page of the link's version with the watermark of the investor's name (or the link's label).
 * From the cache when made before; made with sharp otherwise. Undefined past the version's pages.
 */
export async function watermarkedPage(
  app: App,
  link: DeckLinkRow,
  version: LinkVersion,
  page: number,
): Promise<{ image: Buffer; etag: string } | undefined> {
  const text = watermarkText(link.investorName ?? link.label ?? "");
  const key = `${version.id}:${page}:${text}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const original = versionPageImage(app.db, version.id, page);
  if (!original) return undefined;
  if (!text) return original;
  try {
    // Loaded on the first watermark, not at start: sharp's native libvips is tens of MiB the
    // server's cold start would otherwise load for every process (decision 043's bundle-only start).
    const { default: sharp } = await import("sharp");
    const image = sharp(original.image);
    const { width = 1600, height = 900 } = await image.metadata();
    const marked = await image
      .composite([{ input: watermarkSvg(width, height, text), top: 0, left: 0 }])
      .webp({ quality: 80 })
      .toBuffer();
    const entry = { image: marked, etag: `${original.etag}-${mac(app, "deck-mark", text).slice(0, 8)}` };
    remember(key, entry);
    return entry;
  } catch (error) {
    // A page sharp cannot mark is shown unmarked rather than broken (it rendered once already).
    log.warn("deck page watermark failed", { version: version.id, page, error: String(error) });
    return original;
  }
}

/** The original PDF, a 1 MiB chunk read per pull, when the link and its version allow it. */
export function linkDownload(app: App, version: LinkVersion): ReadableStream<Uint8Array> {
  let chunk = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const data = deckFileChunk(app.db, version.id, chunk++);
      if (data) controller.enqueue(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      else controller.close();
    },
  });
}
