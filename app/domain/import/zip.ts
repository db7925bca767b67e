import { createInflateRaw } from "node:zlib";

/**
 * A zip's entries, read for what they really hold (decision 057). The central directory gives
 * names and where each entry starts; the sizes it (or a local header) states are never trusted:
 * an entry is inflated as a stream from its start to the end of its deflate data, and its bytes
 * are counted as they come out, against a cap per entry and a budget for the whole file. A zip
 * bomb, or an entry whose sizes hide behind a data descriptor, stops at the cap, having cost the
 * time to inflate that many bytes and one chunk of memory.
 */

export type ZipEntry = { name: string; method: number; offset: number; storedSize: number };

/** Thrown when the zip's structure cannot be read: the caller says the file is no workbook. */
export class BrokenZip extends Error {}

/** Thrown when inflating passes a cap; `limit` names which one, for the caller's message. */
export class InflateLimit extends Error {
  readonly limit: "entry" | "total";
  readonly entry: string;
  constructor(limit: "entry" | "total", entry: string) {
    super(`${entry}: past the ${limit} cap`);
    this.limit = limit;
    this.entry = entry;
  }
}

/** Entries a workbook may list: a real one has a few dozen. */
const MAX_ENTRIES = 10_000;

/** The entries named in the central directory, or BrokenZip. ZIP64 is refused (no 10 MB workbook needs it). */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new BrokenZip("no end of central directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff || count > MAX_ENTRIES) throw new BrokenZip("ZIP64 or too many entries");
  const names = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new BrokenZip("bad central directory");
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > bytes.length) throw new BrokenZip("bad central directory");
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const offset = view.getUint32(at + 42, true);
    entries.set(name, { name, method: view.getUint16(at + 10, true), offset, storedSize: view.getUint32(at + 20, true) });
    at = next;
  }
  return entries;
}

/** Where an entry's data starts, read from its local header. */
function dataStart(bytes: Uint8Array, entry: ZipEntry): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.offset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw new BrokenZip(`bad local header for ${entry.name}`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start > bytes.length) throw new BrokenZip(`bad local header for ${entry.name}`);
  return start;
}

/** What inflating may still produce across a file's entries; shared by every entry read from it. */
export type InflateBudget = { left: number };

/** Bytes handed out at a time: one chunk is what an entry costs in memory, whatever it unpacks to. */
const CHUNK_BYTES = 64 * 1024;

/**
 * An entry's real bytes, a chunk at a time, counted as they are inflated: past `maxEntryBytes`, or
 * past what `budget` has left, it throws InflateLimit (and inflates no further). The deflate data
 * is read to its own end, so no size a header states is used; a stored entry is bounded by the file.
 */
export async function* entryChunks(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxEntryBytes: number,
  budget: InflateBudget,
): AsyncGenerator<Uint8Array> {
  const start = dataStart(bytes, entry);
  let produced = 0;
  const count = (length: number) => {
    produced += length;
    budget.left -= length;
    if (produced > maxEntryBytes) throw new InflateLimit("entry", entry.name);
    if (budget.left < 0) throw new InflateLimit("total", entry.name);
  };
  if (entry.method === 0) {
    const end = Math.min(bytes.length, start + entry.storedSize);
    for (let at = start; at < end; at += CHUNK_BYTES) {
      const chunk = bytes.subarray(at, Math.min(end, at + CHUNK_BYTES));
      count(chunk.length);
      yield chunk;
    }
    return;
  }
  if (entry.method !== 8) throw new BrokenZip(`${entry.name}: compression method ${entry.method}`);
  // Everything after the start is offered; inflating stops where the deflate data ends.
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  inflater.end(bytes.subarray(start));
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      count(chunk.length);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof InflateLimit) throw error;
    throw new BrokenZip(`${entry.name}: ${(error as Error).message}`);
  } finally {
    inflater.destroy();
  }
}
