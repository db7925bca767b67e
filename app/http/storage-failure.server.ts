import { createContext } from "react-router";
import { type StorageFault, storageFaultOf } from "#db/storage-fault.ts";
import { STORAGE_CODE, STORAGE_STATUS_TEXT, apiError } from "./api-error.ts";

export { storageFaultOf, type StorageFault };

/**
 * A request the storage failed under, answered as what it is (decision 058): the API's error
 * format with `storage_full` (507) or `storage_unavailable` (503), a page that says what happened
 * and what to do, never a 500 or SQLite's own words.
 */
export const STORAGE_STATUS = { full: 507, unavailable: 503 } as const;

/** Set by `handleError` (app/entry.server.tsx) when a loader or action failed on the storage. */
export const storageFailedContext = createContext<StorageFault | null>(null);

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What happened and what to do, in the founder's words, for a write or a read. */
export function storageFailureMessage(fault: StorageFault, method: string): string {
  const write = WRITES.has(method.toUpperCase());
  if (fault.kind === "full") {
    return write
      ? "Not saved: the server's disk is full. Everything saved before is safe and can still be read. Free some space on the server's disk (or ask whoever runs it), then try again."
      : "The server's disk is full, so this could not be shown. Everything saved is safe. Free some space on the server's disk (or ask whoever runs it), then try again.";
  }
  return write
    ? "Not saved: the server cannot write to its database (the file is read-only, or the disk reports an error). Everything saved before is still there. Check the server's disk and its log, then try again."
    : "The server cannot read its database just now (the disk reports an error), so this could not be shown. Check the server's disk and its log, then try again.";
}

/** The answer in the API's error format; `Retry-After` since the fault may pass on its own. */
export function storageFailureResponse(fault: StorageFault, method: string): Response {
  return apiError(STORAGE_STATUS[fault.kind], STORAGE_CODE[fault.kind], storageFailureMessage(fault, method), {
    headers: { "retry-after": "60" },
  });
}

/**
 * The last storage fault this process met, for `/api/health` (app/services/storage-health.server.ts):
 * kept until a write is seen to succeed again. A loader, an action, a session's write or a job
 * notes it.
 */
let lastFault: { fault: StorageFault; at: number } | null = null;

export function noteStorageFault(fault: StorageFault, at = Date.now()): void {
  lastFault = { fault, at };
}

/**
 * A write that is a convenience, not what the request is for (the import's remembered columns,
 * "Since you last looked"'s mark): done when the storage takes it; on a storage fault (decision
 * 058) it is noted for /api/health and skipped, so a full disk never turns a saved import or a
 * page read into an error. Any other error is thrown.
 */
export function unlessStorageFails(write: () => void): void {
  try {
    write();
  } catch (error) {
    const fault = storageFaultOf(error);
    if (!fault) throw error;
    noteStorageFault(fault);
  }
}

export function lastStorageFault(): { fault: StorageFault; at: number } | null {
  return lastFault;
}

export function clearStorageFault(): void {
  lastFault = null;
}

/**
 * A page's answer: the words as plain text with a status text the root error boundary knows, so a
 * page shows them in its layout, and a resource route's form (one-click "Emailed") shows them to a
 * browser without JavaScript as they are.
 */
export function storageFailurePage(fault: StorageFault, method: string): Response {
  return new Response(storageFailureMessage(fault, method), {
    status: STORAGE_STATUS[fault.kind],
    statusText: STORAGE_STATUS_TEXT[fault.kind],
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "retry-after": "60" },
  });
}
