import { randomUUID } from "node:crypto";

/**
 * Files waiting between their preview and the founder's "Import": the preview page carries only
 * a token, so a 20,000-row file is not sent back and forth inside the page. In memory, a few at a
 * time, for an hour: after a restart the founder uploads the file again (the page says so).
 */

const KEPT = 3;
const KEPT_MS = 60 * 60 * 1000;

type Upload = { bytes: Uint8Array; name: string; at: number };
const uploads = new Map<string, Upload>();

export function keepUpload(bytes: Uint8Array, name: string, now: number): string {
  for (const [token, upload] of uploads) if (now - upload.at > KEPT_MS) uploads.delete(token);
  while (uploads.size >= KEPT) {
    const oldest = uploads.keys().next().value;
    if (oldest === undefined) break;
    uploads.delete(oldest);
  }
  const token = randomUUID();
  uploads.set(token, { bytes, name, at: now });
  return token;
}

export function findUpload(token: string, now: number): Upload | undefined {
  const upload = uploads.get(token);
  if (!upload || now - upload.at > KEPT_MS) return undefined;
  return upload;
}

export function forgetUpload(token: string): void {
  uploads.delete(token);
}
