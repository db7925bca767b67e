import { SaxesParser } from "saxes";

/**
 * XML read as a stream of chunks with saxes (decision 057): handlers see element names without
 * their prefix (`x:row` is `row`), attributes as written (`attribute` finds one by its local
 * name), and text as it ends. Memory
 * is one chunk plus what saxes holds between two events (a text, a tag, a comment being read),
 * and that is capped: a piece longer than `MAX_PIECE_CHARS` stops the read with PieceTooLong.
 * saxes expands no entity a DOCTYPE declares, so no "billion laughs".
 */

export type XmlHandlers = {
  open?: (name: string, attributes: Readonly<Record<string, string>>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** More characters than this between two events: no cell, tag or name a workbook needs is that long. */
export const MAX_PIECE_CHARS = 256 * 1024;

/** Characters written to saxes at a time: what it may hold past the cap before we see it. */
const WRITE_CHARS = 16 * 1024;

export class PieceTooLong extends Error {}

/**
 * Elements open at once, at most: a workbook's parts nest a few levels (worksheet, sheetData, row,
 * c, is, r, t). saxes keeps every open tag, so 300,000 nested tags in a 3.8 KB part took the
 * server's heap (an attack on decision 057): past this the read stops with TooDeep.
 */
export const MAX_DEPTH = 64;

export class TooDeep extends Error {}

const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** An attribute by its local name, whatever its prefix (`r:id` for `id`; `sheetId` is another name). */
export function attribute(attributes: Readonly<Record<string, string>>, name: string): string | undefined {
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const key in attributes) if (!key.startsWith("xmlns") && local(key) === name) return attributes[key];
  return undefined;
}

/** Reads `chunks` (UTF-8 bytes) through `handlers`; throws saxes's error for XML that is not well formed. */
export async function readXml(chunks: AsyncIterable<Uint8Array>, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let events = 0;
  let depth = 0;
  parser.on("opentagstart", () => {
    if (++depth > MAX_DEPTH) throw new TooDeep(`more than ${MAX_DEPTH} elements open at once`);
  });
  parser.on("opentag", (tag) => {
    events++;
    if (tag.isSelfClosing) depth--;
    handlers.open?.(local(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on("closetag", (tag) => {
    events++;
    if (!tag.isSelfClosing) depth--;
    handlers.close?.(local(tag.name));
  });
  const text = (value: string) => {
    events++;
    handlers.text?.(value);
  };
  parser.on("text", text);
  parser.on("cdata", text);
  for (const other of ["xmldecl", "comment", "processinginstruction", "doctype"] as const) {
    parser.on(other, () => events++);
  }
  const decoder = new TextDecoder("utf-8");
  let stalled = 0;
  const write = (piece: string) => {
    for (let at = 0; at < piece.length; at += WRITE_CHARS) {
      const part = piece.slice(at, at + WRITE_CHARS);
      const before = events;
      parser.write(part);
      // With no event in this part, saxes holds all of it on top of what it held before.
      stalled = events === before ? stalled + part.length : part.length;
      if (stalled > MAX_PIECE_CHARS) throw new PieceTooLong(`more than ${MAX_PIECE_CHARS} characters without a tag`);
    }
  };
  for await (const chunk of chunks) {
    write(decoder.decode(chunk, { stream: true }));
    // A chunk inflated ahead is handed over without a turn of the event loop: other requests get one here.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  write(decoder.decode());
  parser.close();
}
