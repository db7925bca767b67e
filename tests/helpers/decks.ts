import * as mupdf from "mupdf";

/**
 * PDFs made in the test, never committed: slides of 960 × 540 points with a title each, and the
 * hostile ones a renderer must refuse (decision 067).
 */

function contentOf(doc: mupdf.PDFDocument, text: string): { resources: mupdf.PDFObject; content: string } {
  const font = doc.addSimpleFont(new mupdf.Font("Helvetica"));
  const resources = doc.addObject({ Font: { F1: font } });
  const safe = text.replace(/[()\\]/g, "");
  const content = `0.95 0.95 1 rg 0 0 960 540 re f 0.1 0.1 0.3 rg BT /F1 48 Tf 80 400 Td (${safe}) Tj ET BT /F1 20 Tf 80 340 Td (Investor Pipeline Intelligence) Tj ET`;
  return { resources, content };
}

/** A deck of `pages` slides, headed "Slide 1" to "Slide N" (each page's title, as the renderer reads it). */
export function deckPdf(pages: number, box: [number, number, number, number] = [0, 0, 960, 540]): Uint8Array {
  return titledDeckPdf(
    Array.from({ length: pages }, (_, index) => `Slide ${index + 1}`),
    box,
  );
}

/**
 * A deck with one slide per heading; a null heading makes a slide with no text at all (an
 * image-only slide). A heading is written as it is given, in Helvetica's Latin-1 (no parentheses).
 */
export function titledDeckPdf(
  headings: ReadonlyArray<string | null>,
  box: [number, number, number, number] = [0, 0, 960, 540],
): Uint8Array {
  const doc = new mupdf.PDFDocument();
  for (const heading of headings) {
    if (heading === null) {
      doc.insertPage(-1, doc.addPage(box, 0, doc.addObject({}), "0.2 0.4 0.8 rg 80 80 800 380 re f"));
      continue;
    }
    const { resources, content } = contentOf(doc, heading);
    doc.insertPage(-1, doc.addPage(box, 0, resources, content));
  }
  return doc.saveToBuffer("compress").asUint8Array().slice();
}

/** One slide whose resources hold an image XObject claiming width × height pixels (its data is a few bytes). */
export function hugeImagePdf(width: number, height: number): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const image = doc.addRawStream("x", {
    Type: "XObject",
    Subtype: "Image",
    Width: width,
    Height: height,
    ColorSpace: "DeviceRGB",
    BitsPerComponent: 8,
  });
  const resources = doc.addObject({ XObject: { Im1: image } });
  doc.insertPage(-1, doc.addPage([0, 0, 960, 540], 0, resources, "q 960 0 0 540 0 0 cm /Im1 Do Q"));
  return doc.saveToBuffer("compress").asUint8Array().slice();
}

/** One slide whose content stream is `bytes` of the same operator, Flate-compressed to a small file (a zip bomb's shape). */
export function flateBombPdf(repeats: number): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const { resources } = contentOf(doc, "bomb");
  const page = doc.addPage([0, 0, 960, 540], 0, resources, "");
  const body = "0 0 1 1 re f\n".repeat(repeats);
  const pageObj = doc.insertPage(-1, page);
  void pageObj;
  const contents = doc.addStream(body, {});
  doc.findPage(0).put("Contents", contents);
  return doc.saveToBuffer("compress").asUint8Array().slice();
}

/** One slide drawing a form XObject that draws itself (a recursive content stream). */
export function recursivePdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const form = doc.addStream("/Fm1 Do", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 960, 540] });
  form.put("Resources", doc.newDictionary());
  form.get("Resources").put("XObject", doc.newDictionary());
  form.get("Resources").get("XObject").put("Fm1", form);
  const resources = doc.addObject({ XObject: { Fm1: form } });
  doc.insertPage(-1, doc.addPage([0, 0, 960, 540], 0, resources, "/Fm1 Do"));
  return doc.saveToBuffer("compress").asUint8Array().slice();
}

/** Bytes that start as a PDF and are not one. */
export function malformedPdf(): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\n${"garbage ".repeat(500)}\n%%EOF\n`);
}

/**
 * A real deck of `pages` slides padded to about `bytes` with an object no page uses (random bytes,
 * stored as they are: they do not compress), as a deck of photographs weighs.
 */
export function heavyDeckPdf(pages: number, bytes: number): Uint8Array {
  const doc = new mupdf.PDFDocument(deckPdf(pages));
  const noise = new Uint8Array(bytes);
  for (let at = 0; at < noise.length; at += 65_536) crypto.getRandomValues(noise.subarray(at, Math.min(at + 65_536, noise.length)));
  doc.addRawStream(noise, {});
  return doc.saveToBuffer("").asUint8Array().slice();
}
