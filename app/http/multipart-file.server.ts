import { createReadStream, createWriteStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";

/**
 * One file of a multipart form saved to disk without holding it in memory (a deck is up to 30 MB,
 * decision 067): the body is written to a file as it streams, a byte at a time counted against the
 * cap (a declared Content-Length past it is refused before a byte is read), then scanned for the
 * boundaries a megabyte at a time, and the named part copied out by its offsets. Linear in the
 * body's size, its memory a few megabytes whatever the file's.
 */

/** Parts a form may have (a deck form has two or three). */
const MAX_PARTS = 16;
/** A part's headers, at most. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
const SCAN_BYTES = 1024 * 1024;

export type SavedFile =
  | { ok: true; path: string; name: string; bytes: number; fields: Map<string, string> }
  | { ok: false; reason: "not_multipart" | "too_large" | "malformed" | "missing" };

/** The boundary of a multipart/form-data Content-Type (RFC 2046: 1 to 70 characters), or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** Writes the body to `path`, counting; false past `maxBytes` (the rest is left unread). */
async function saveBody(request: Request, path: string, maxBytes: number): Promise<boolean> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return false;
  const file = await open(path, "w");
  try {
    if (!request.body) return true;
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return false;
      }
      await file.write(value);
    }
  } finally {
    await file.close();
  }
}

/** Offsets where each boundary line starts ("--boundary", the first one possibly without the CRLF before it). */
async function boundaryOffsets(path: string, boundary: string): Promise<number[] | null> {
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const file = await open(path, "r");
  try {
    const offsets: number[] = [];
    // The body read as if it began with CRLF, so the first boundary needs no case of its own.
    let carry = Buffer.from("\r\n", "latin1");
    let carryStart = -2;
    const chunk = Buffer.alloc(SCAN_BYTES);
    let position = 0;
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, SCAN_BYTES, position);
      const window = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      let from = 0;
      for (;;) {
        const found = window.indexOf(delimiter, from);
        if (found < 0) break;
        offsets.push(carryStart + found + 2);
        if (offsets.length > MAX_PARTS + 1) return null;
        from = found + delimiter.length;
      }
      if (bytesRead === 0) break;
      position += bytesRead;
      const keep = Math.min(window.length, delimiter.length - 1);
      carry = Buffer.from(window.subarray(window.length - keep));
      carryStart = position - keep;
    }
    return offsets;
  } finally {
    await file.close();
  }
}

/** A part's headers: its field name and file name (Content-Disposition), and where its data starts. */
async function partHeaders(path: string, start: number): Promise<{ name: string; filename: string | null; dataStart: number } | null> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(MAX_PART_HEADER_BYTES);
    const { bytesRead } = await file.read(head, 0, MAX_PART_HEADER_BYTES, start);
    const text = head.subarray(0, bytesRead).toString("latin1");
    const end = text.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(text.slice(0, end))?.[1] ?? "";
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const rawFilename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    // Browsers send the file name as UTF-8 bytes inside the quotes.
    const filename = rawFilename === undefined ? null : Buffer.from(rawFilename, "latin1").toString("utf8");
    return { name, filename, dataStart: start + Buffer.byteLength(text.slice(0, end + 4), "latin1") };
  } finally {
    await file.close();
  }
}

/**
 * Saves the form's file part `field` to `folder/<saveAs>` and its small text fields (at most 1 KB
 * each) into `fields`. The whole body is capped by `maxBytes`.
 */
export async function saveMultipartFile(
  request: Request,
  { field, folder, saveAs, maxBytes }: { field: string; folder: string; saveAs: string; maxBytes: number },
): Promise<SavedFile> {
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary) return { ok: false, reason: "not_multipart" };
  const bodyPath = join(folder, "body");
  try {
    if (!(await saveBody(request, bodyPath, maxBytes))) return { ok: false, reason: "too_large" };
    const offsets = await boundaryOffsets(bodyPath, boundary);
    if (!offsets || offsets.length < 2) return { ok: false, reason: "malformed" };
    const fields = new Map<string, string>();
    let saved: { path: string; name: string; bytes: number } | null = null;
    for (let index = 0; index + 1 < offsets.length; index++) {
      // The boundary line: "--boundary" and its CRLF.
      const start = offsets[index]! + 2 + boundary.length + 2;
      // The data ends before the CRLF that precedes the next boundary line.
      const end = offsets[index + 1]! - 2;
      const part = await partHeaders(bodyPath, start);
      if (!part || part.dataStart > end) return { ok: false, reason: "malformed" };
      const bytes = end - part.dataStart;
      if (part.name === field && part.filename !== null && !saved) {
        const path = join(folder, saveAs);
        if (bytes > 0) await pipeline(createReadStream(bodyPath, { start: part.dataStart, end: end - 1 }), createWriteStream(path));
        else await (await open(path, "w")).close();
        saved = { path, name: part.filename, bytes };
      } else if (part.filename === null && bytes <= 1024) {
        const file = await open(bodyPath, "r");
        try {
          const value = Buffer.alloc(bytes);
          await file.read(value, 0, bytes, part.dataStart);
          fields.set(part.name, value.toString("utf8"));
        } finally {
          await file.close();
        }
      }
    }
    return saved ? { ok: true, ...saved, fields } : { ok: false, reason: "missing" };
  } finally {
    await rm(bodyPath, { force: true });
  }
}
