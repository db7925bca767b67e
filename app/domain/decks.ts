import { z } from "zod";

/**
 * Decks (docs/product.md#decks, decision 067): a startup's PDF, a new version per upload, its
 * pages rendered once to WebP images by a child process (scripts/render-deck.ts). Pure: the
 * limits, the renderer's words on its one line per event, and how a version reads to the founder.
 */

/** The largest deck file taken (the upload is refused past it, by its bytes read, never a claimed size). */
export const MAX_DECK_BYTES = 30 * 1024 * 1024;
/** The most pages a deck may have. */
export const MAX_DECK_PAGES = 80;
/** A rendered page's long side, in pixels (a slide of 960 × 540 points becomes 1600 × 900). */
export const DECK_PAGE_LONG_SIDE = 1600;
/**
 * The largest image a page may draw, in pixels (Width × Height of each image XObject, read from
 * its dictionary before anything is decoded): 50 megapixels is a 10,000 × 5,000 photograph, far
 * past any slide's need, and decoded it is 150 MB — the renderer's whole memory budget.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** A page box's largest side, in points (200 inches): a huge MediaBox is refused, not scaled. */
export const MAX_PAGE_SIDE_POINTS = 14_400;
/** The smallest page box's side, in points: an empty or inverted box is refused. */
export const MIN_PAGE_SIDE_POINTS = 1;
/**
 * A page's drawing instructions unpacked, in bytes (its content streams and the forms it draws): a
 * slide's are tens of kilobytes; a few kilobytes that unpack to gigabytes (a zip bomb) stop here.
 */
export const MAX_PAGE_CONTENT_BYTES = 16 * 1024 * 1024;
/** One page's WebP, in bytes: a page past it is refused (a slide is 10–300 KB). */
export const MAX_PAGE_IMAGE_BYTES = 4 * 1024 * 1024;
/** The renderer's wall clock for a whole deck (80 slides rendered in 43 s on a busy two-core machine). */
export const RENDER_TIME_LIMIT_MS = 180_000;
/** The renderer's memory (resident set), polled from /proc while it runs. */
export const RENDER_RSS_LIMIT_MIB = 400;
/** A page's title (its first line of text, read by the renderer) is kept to this many characters. */
export const DECK_PAGE_TITLE_MAX = 80;
/** The original file is kept in chunks of this size, so a download streams one at a time. */
export const DECK_FILE_CHUNK_BYTES = 1024 * 1024;

export const DECK_STATUSES = ["rendering", "ready", "failed"] as const;
export type DeckStatus = (typeof DECK_STATUSES)[number];

/** A version as the startup page lists it. */
export type DeckVersion = {
  id: number;
  number: number;
  fileName: string;
  bytes: number;
  pages: number | null;
  pagesDone: number;
  status: DeckStatus;
  refusal: string | null;
  renderMs: number | null;
  allowDownload: boolean;
  createdAt: string;
};

/** What the startup page shows of the deck. */
export type DeckView = {
  versions: DeckVersion[];
  /** The newest ready version and its pages' sizes, or null. */
  shown: { number: number; pages: Array<{ number: number; width: number; height: number }> } | null;
  rendering: boolean;
};

/** The limits the renderer is given on its command line (and checks before rendering a page). */
export type RenderLimits = {
  maxBytes: number;
  maxPages: number;
  longSide: number;
  maxImagePixels: number;
  maxPageSidePoints: number;
  maxPageImageBytes: number;
  maxContentBytes: number;
  maxTitleChars: number;
};

export const RENDER_LIMITS: RenderLimits = {
  maxBytes: MAX_DECK_BYTES,
  maxPages: MAX_DECK_PAGES,
  longSide: DECK_PAGE_LONG_SIDE,
  maxImagePixels: MAX_IMAGE_PIXELS,
  maxPageSidePoints: MAX_PAGE_SIDE_POINTS,
  maxPageImageBytes: MAX_PAGE_IMAGE_BYTES,
  maxContentBytes: MAX_PAGE_CONTENT_BYTES,
  maxTitleChars: DECK_PAGE_TITLE_MAX,
};

/** One line the renderer prints: the page count once, each page as it is written, then the end or a refusal. */
export const renderLineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pages"), count: z.number().int().min(1).max(MAX_DECK_PAGES) }).strict(),
  z
    .object({
      type: z.literal("page"),
      number: z.number().int().min(1).max(MAX_DECK_PAGES),
      width: z.number().int().min(1).max(DECK_PAGE_LONG_SIDE),
      height: z.number().int().min(1).max(DECK_PAGE_LONG_SIDE),
      // The page's first line of text, cleaned by the renderer; null when the page has none.
      title: z.string().min(1).max(DECK_PAGE_TITLE_MAX).nullable(),
      file: z.string().min(1).max(4096),
    })
    .strict(),
  z.object({ type: z.literal("done") }).strict(),
  z.object({ type: z.literal("refused"), reason: z.string().min(1).max(500) }).strict(),
]);
export type RenderLine = z.infer<typeof renderLineSchema>;

/** A line of the renderer's output read, or null for anything else (it is only ever our own script, but checked). */
export function readRenderLine(line: string): RenderLine | null {
  if (line.length > 5000) return null;
  try {
    const parsed = renderLineSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const MIB = 1024 * 1024;

/**
 * The refusals, in the founder's words, each naming its limit. `{n}` is the page (or the page
 * count): the renderer fills it in (it is given these words on its command line).
 */
export const DECK_REFUSALS = {
  tooLarge: `The deck is larger than ${MAX_DECK_BYTES / MIB} MB, the most a deck may be. Export it again with smaller images and upload that.`,
  notPdf: "This file is not a PDF (it does not start as one). Upload the deck as a PDF.",
  empty: "No file was chosen. Choose the deck's PDF and upload it again.",
  malformed: "This PDF could not be read (it is damaged or not a real PDF). Export it again from your slides and upload that.",
  noPages: "This PDF has no pages that can be read (it is damaged or empty). Export it again from your slides and upload that.",
  tooManyPages: `The deck has {n} pages; the most a deck may have is ${MAX_DECK_PAGES}. Upload a shorter version.`,
  pageBox: `Page {n} has a page size no slide has (over ${MAX_PAGE_SIDE_POINTS / 72} inches a side, or empty), so the deck was not rendered.`,
  hugeImage: `Page {n} holds an image over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, more than a deck needs and more than the server renders. Export it with smaller images.`,
  pageImage: `Page {n} rendered to an image over ${MAX_PAGE_IMAGE_BYTES / MIB} MB, so the deck was not kept.`,
  contentSize: `Page {n}'s drawing instructions unpack to more than ${MAX_PAGE_CONTENT_BYTES / MIB} MB (a slide's are a few kilobytes), so the deck was not rendered.`,
  nested: "Page {n} draws a picture inside itself, or nests pictures deeper than any slide does, so the deck was not rendered.",
  pageFailed: "Page {n} could not be drawn (its content is damaged). Export the deck again and upload that.",
  timeLimit: `Rendering took longer than ${RENDER_TIME_LIMIT_MS / 1000} seconds, the most a deck may take, so it was stopped. A deck with fewer or lighter pages renders faster.`,
  memoryLimit: `Rendering needed more than ${RENDER_RSS_LIMIT_MIB} MB of memory, the most a deck may use, so it was stopped. The PDF holds something far heavier than slides.`,
  crashed: "The renderer stopped without finishing (the PDF may be damaged). Export the deck again and upload that.",
  interrupted: "The server restarted while this version was rendering. Upload the deck again.",
  busy: "Another deck is being rendered right now. Try again in a minute: nothing was saved.",
} as const;

/** "Slide 3 of 12": a page image's alt text. */
export function slideAlt(number: number, pages: number): string {
  return `Slide ${number} of ${pages}`;
}

/** A version's status as the list says it. */
export function versionStatusText(version: { status: DeckStatus; pages: number | null; pagesDone: number }): string {
  if (version.status === "ready") return `${version.pages} ${version.pages === 1 ? "page" : "pages"}`;
  if (version.status === "failed") return "Refused";
  return version.pages ? `Rendering: page ${version.pagesDone} of ${version.pages}` : "Rendering: reading the file";
}

/** A file size in the founder's words: "2.4 MB", "820 KB". */
export function fileSizeText(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A name fit to keep and to send back in Content-Disposition: the last path part, printable, at most 200 characters. */
export function cleanDeckFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  const clean = last
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}"]/gu, "")
    .trim()
    .slice(0, 200);
  return clean || "deck.pdf";
}

/** Does the file start as a PDF ("%PDF-" within its first 1024 bytes, as readers allow)? */
export function looksLikePdf(head: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(head.subarray(0, 1024));
  return text.includes("%PDF-");
}
