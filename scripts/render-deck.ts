/**
 * Renders a deck's pages once, in a process of its own (decision 067): the server spawns it with
 * the uploaded file, watches its time and memory, and reads its output one line at a time.
 *
 *   node scripts/render-deck.ts <file.pdf> <output folder> '<limits as JSON>'
 *
 * It checks the file before drawing anything (a PDF, its size, its page count, every page's box,
 * every image's Width × Height read from its dictionary, never decoded), then draws each page
 * scaled to the long side, writes it as WebP to the folder and prints one JSON line per event:
 *   {"type":"pages","count":12}
 *   {"type":"page","number":1,"width":1600,"height":900,"title":"Financials","file":"/tmp/…/page-1.webp"}
 *   {"type":"done"}            or, at the first limit passed,   {"type":"refused","reason":"…"}
 * The words and the limits are app/domain/decks.ts's (passed in: the Docker image ships this file
 * without app/). Exit 0 after "done" or "refused"; anything else is the server's "crashed".
 */
import { closeSync, openSync, readFileSync, readSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";

type Limits = {
  maxBytes: number;
  maxPages: number;
  longSide: number;
  maxImagePixels: number;
  maxPageSidePoints: number;
  maxPageImageBytes: number;
  maxContentBytes: number;
  maxTitleChars: number;
};
type Words = Record<
  | "tooLarge"
  | "notPdf"
  | "malformed"
  | "noPages"
  | "tooManyPages"
  | "pageBox"
  | "hugeImage"
  | "pageImage"
  | "pageFailed"
  | "contentSize"
  | "nested",
  string
>;

/** Form XObjects inside form XObjects: deeper than this is refused as no slide is built so. */
const MAX_RESOURCE_DEPTH = 12;
/** Resource dictionaries looked at per deck, so a crafted web of references costs bounded time. */
const MAX_RESOURCES_VISITED = 20_000;

function say(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Refuses with the words, `{n}` replaced by the page or count. */
function refuse(words: string, n?: number): never {
  say({ type: "refused", reason: n === undefined ? words : words.replaceAll("{n}", String(n)) });
  process.exit(0);
}

const [file, folder, limitsJson, wordsJson] = process.argv.slice(2);
if (!file || !folder || !limitsJson || !wordsJson) {
  process.stderr.write("usage: render-deck.ts <file.pdf> <folder> <limits JSON> <words JSON>\n");
  process.exit(2);
}
const limits = JSON.parse(limitsJson) as Limits;
const words = JSON.parse(wordsJson) as Words;

// The size and the header, from the file itself, before the PDF library is even loaded.
if (statSync(file).size > limits.maxBytes) refuse(words.tooLarge);
const head = Buffer.alloc(1024);
const fd = openSync(file, "r");
const headBytes = readSync(fd, head, 0, head.length, 0);
closeSync(fd);
if (!head.subarray(0, headBytes).toString("latin1").includes("%PDF-")) refuse(words.notPdf);

const mupdf = await import("mupdf");

let doc: InstanceType<typeof mupdf.PDFDocument>;
try {
  doc = new mupdf.PDFDocument(readFileSync(file));
  if (doc.needsPassword()) refuse(words.malformed);
} catch {
  refuse(words.malformed);
}

let count = 0;
try {
  count = doc.countPages();
} catch {
  refuse(words.malformed);
}
if (count < 1) refuse(words.noPages);
if (count > limits.maxPages) refuse(words.tooManyPages, count);
say({ type: "pages", count });

type PdfObject = ReturnType<InstanceType<typeof mupdf.PDFPage>["getObject"]>;
let visited = 0;

/** The object a reference points to; mupdf's Null (a missing key) has no document and stays as it is. */
function resolved(object: PdfObject): PdfObject {
  return object.isNull() ? object : object.resolve();
}

/** A key of a dictionary or stream, resolved; Null for anything else. */
function field(object: PdfObject, key: string): PdfObject {
  return object.isDictionary() || object.isStream() ? resolved(object.get(key)) : object;
}
/** A form XObject's largest image, once walked: forms shared by pages (a logo, a footer) are walked once per deck. */
const formLargest = new Map<number, number>();

/** A limit passed inside the walk: the words' key. */
class Refusal extends Error {
  readonly key: keyof Words;
  constructor(key: keyof Words) {
    super(key);
    this.key = key;
  }
}

/**
 * A stream's drawing instructions unpacked with a cap (Flate alone, the common case; zlib stops at
 * the cap), so a few kilobytes that inflate to gigabytes are refused before mupdf reads them.
 */
function checkUnpacked(stream: PdfObject, budget: { left: number }): void {
  // mupdf reads a stream through its reference (the resolved object has no data of its own).
  if (stream.isNull() || !stream.isStream()) return;
  const filter = field(resolved(stream), "Filter");
  const name = filter.isName()
    ? filter.asName()
    : filter.isArray() && filter.length === 1
      ? resolved(filter.get(0)).asName()
      : filter.isNull()
        ? ""
        : "other";
  const raw = stream.readRawStream().asUint8Array().slice();
  if (name === "") budget.left -= raw.byteLength;
  else if (name === "FlateDecode") {
    try {
      budget.left -= inflateSync(raw, { maxOutputLength: Math.max(1, budget.left + 1) }).byteLength;
    } catch (error) {
      if (process.env.RENDER_DECK_DEBUG) process.stderr.write(`${String(error)} ${(error as { code?: string }).code}\n`);
      if (error instanceof RangeError) throw new Refusal("contentSize");
      throw new Refusal("malformed");
    }
  }
  if (budget.left < 0) throw new Refusal("contentSize");
}

/**
 * The largest image (in pixels) a resource dictionary reaches through form XObjects and patterns.
 * A form that draws one of the forms it is inside is refused (a recursive content stream), and so
 * is nesting past MAX_RESOURCE_DEPTH or a walk past MAX_RESOURCES_VISITED.
 */
function largestImage(resources: PdfObject, depth: number, inside: Set<number>, budget: { left: number }): number {
  if (depth > MAX_RESOURCE_DEPTH || ++visited > MAX_RESOURCES_VISITED) throw new Refusal("nested");
  if (!resources.isDictionary()) return 0;
  let largest = 0;
  const visit = (object: PdfObject) => {
    const number = object.isIndirect() ? object.asIndirect() : 0;
    if (number && inside.has(number)) throw new Refusal("nested");
    const x = resolved(object);
    if (!x.isDictionary() && !x.isStream()) return;
    const subtype = field(x, "Subtype");
    if (subtype.isName() && subtype.asName() === "Image") {
      const width = field(x, "Width");
      const height = field(x, "Height");
      const pixels = width.isNumber() && height.isNumber() ? Math.abs(width.asNumber()) * Math.abs(height.asNumber()) : 0;
      largest = Math.max(largest, pixels);
    } else if (subtype.isName() && subtype.asName() === "Form") {
      const known = number ? formLargest.get(number) : undefined;
      if (known !== undefined) {
        largest = Math.max(largest, known);
        return;
      }
      checkUnpacked(object, budget);
      const within = new Set(inside);
      if (number) within.add(number);
      const inner = largestImage(field(x, "Resources"), depth + 1, within, budget);
      if (number) formLargest.set(number, inner);
      largest = Math.max(largest, inner);
    }
  };
  const xobjects = field(resources, "XObject");
  if (xobjects.isDictionary())
    xobjects.forEach((value) => {
      visit(value);
    });
  // Patterns draw through their own resources too.
  const patterns = field(resources, "Pattern");
  if (patterns.isDictionary())
    patterns.forEach((value) => {
      visit(value);
    });
  return largest;
}

/**
 * A page's first line of text, as MuPDF's structured text reads it (a slide's heading: "Financials"):
 * control and format characters, and the replacement character MuPDF gives a glyph it cannot map, removed (what is shown reads as what the PDF holds), whitespace
 * collapsed, at most `maxTitleChars` and never half a surrogate pair; null for a page with no text
 * (an image-only slide), which the founder then sees as "page 7".
 */
function pageTitle(page: InstanceType<typeof mupdf.PDFPage>): string | null {
  const text = page.toStructuredText("preserve-whitespace");
  try {
    for (const line of text.asText().split("\n")) {
      const clean = line
        .replace(/[\p{Cc}\p{Cf}\uFFFD]/gu, " ")
        .replace(/\s+/g, " ")
        .trim();
      if (!/[\p{L}\p{N}]/u.test(clean)) continue;
      if (clean.length <= limits.maxTitleChars) return clean;
      const last = clean.charCodeAt(limits.maxTitleChars - 1);
      return clean.slice(0, last >= 0xd800 && last <= 0xdbff ? limits.maxTitleChars - 1 : limits.maxTitleChars).trimEnd();
    }
    return null;
  } finally {
    text.destroy();
  }
}

// Every page checked before any is drawn: a bomb on page 40 costs nothing on pages 1 to 39.
for (let index = 0; index < count; index++) {
  const number = index + 1;
  let page: InstanceType<typeof mupdf.PDFPage>;
  try {
    page = doc.loadPage(index);
  } catch {
    refuse(words.pageFailed, number);
  }
  const [x0, y0, x1, y1] = page.getBounds();
  const width = (x1 ?? 0) - (x0 ?? 0);
  const height = (y1 ?? 0) - (y0 ?? 0);
  if (!(width >= 1 && height >= 1 && width <= limits.maxPageSidePoints && height <= limits.maxPageSidePoints))
    refuse(words.pageBox, number);
  let largest = 0;
  try {
    const budget = { left: limits.maxContentBytes };
    const contents = page.getObject().get("Contents");
    const list = resolved(contents);
    if (list.isArray()) for (let part = 0; part < list.length; part++) checkUnpacked(list.get(part), budget);
    else checkUnpacked(contents, budget);
    largest = largestImage(resolved(page.getObject().getInheritable("Resources")), 0, new Set(), budget);
  } catch (error) {
    if (error instanceof Refusal) refuse(words[error.key], number);
    if (process.env.RENDER_DECK_DEBUG) process.stderr.write(`${String(error)}\n`);
    refuse(words.malformed);
  }
  if (largest > limits.maxImagePixels) refuse(words.hugeImage, number);
  page.destroy();
}

const sharp = (await import("sharp")).default;
// One image at a time, no cache kept between pages: the renderer's memory is one page's.
sharp.cache(false);
sharp.concurrency(1);

for (let index = 0; index < count; index++) {
  const number = index + 1;
  let png: Uint8Array;
  let pixelWidth: number;
  let pixelHeight: number;
  let title: string | null = null;
  try {
    const page = doc.loadPage(index);
    // A page whose text cannot be read is still drawn: it is shown as "page n".
    try {
      title = pageTitle(page);
    } catch {
      title = null;
    }
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = limits.longSide / Math.max((x1 ?? 0) - (x0 ?? 0), (y1 ?? 0) - (y0 ?? 0));
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    pixelWidth = pixmap.getWidth();
    pixelHeight = pixmap.getHeight();
    png = pixmap.asPNG();
    pixmap.destroy();
    page.destroy();
  } catch {
    refuse(words.pageFailed, number);
  }
  // A box 1600.4 points wide at scale 1 rounds to 1601: the image is fitted, never larger than the long side.
  const webp = await sharp(png)
    .resize({ width: limits.longSide, height: limits.longSide, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  if (webp.data.byteLength > limits.maxPageImageBytes) refuse(words.pageImage, number);
  const out = join(folder, `page-${number}.webp`);
  writeFileSync(out, webp.data);
  say({ type: "page", number, width: webp.info.width || pixelWidth, height: webp.info.height || pixelHeight, title, file: out });
}
say({ type: "done" });
