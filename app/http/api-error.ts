import { positiveId } from "../domain/id.ts";

/** The one error body of the JSON API (docs/api.md). */
export type ApiErrorBody = {
  // `changes`: a write refused as a conflict (409), the newer changes it would have overwritten (decision 063).
  error: { code: string; message: string; fields?: Record<string, string[]>; changes?: unknown[] };
};

export function apiError(
  status: number,
  code: string,
  message: string,
  options: { fields?: Record<string, string[]>; headers?: HeadersInit; changes?: unknown[] } = {},
): Response {
  const body: ApiErrorBody = { error: { code, message } };
  if (options.fields && Object.keys(options.fields).length > 0) body.error.fields = options.fields;
  if (options.changes) body.error.changes = options.changes;
  const headers = new Headers(options.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers });
}

/** The codes of a request the storage failed under (app/http/storage-failure.server.ts, decision 058). */
export const STORAGE_CODE = { full: "storage_full", unavailable: "storage_unavailable" } as const;

/**
 * The status text of a page's storage failure, thrown as plain text so a page's error boundary,
 * and a browser posting a resource route's form without JavaScript, read the words themselves.
 */
export const STORAGE_STATUS_TEXT = { full: "Disk Full", unavailable: "Storage Unavailable" } as const;

/** Which storage failure an error response is, from its status text; null for any other. */
export function storageFailureKind(statusText: string): "full" | "unavailable" | null {
  if (statusText === STORAGE_STATUS_TEXT.full) return "full";
  if (statusText === STORAGE_STATUS_TEXT.unavailable) return "unavailable";
  return null;
}

export function json(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers });
}

export function methodNotAllowed(request: Request, allowed: string[]): Response {
  return apiError(405, "method_not_allowed", `${request.method} is not supported here; use ${allowed.join(" or ")}.`, {
    headers: { allow: allowed.join(", ") },
  });
}

/** The methods React Router routes; a fetch Request cannot even hold some others (TRACE, TRACK). */
// OPTIONS is not among them: React Router would answer it with a route's GET (no cross-origin use is offered).
export const ROUTED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const SERVED_METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE"];

/** A method no route takes (TRACE, PROPFIND…): 405 with Allow, in the error format under /api. */
export function unroutedMethod(method: string, path: string): Response {
  const allow = SERVED_METHODS.join(", ");
  const message = `${method} is not supported here; use ${SERVED_METHODS.slice(0, -1).join(", ")} or ${SERVED_METHODS.at(-1)}.`;
  if (path === "/api" || path.startsWith("/api/")) return apiError(405, "method_not_allowed", message, { headers: { allow } });
  return new Response(message, {
    status: 405,
    headers: { allow, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/** For the JSON API: the id, or a 404 in the error format. */
export function parseId(raw: string | undefined, what: string): number {
  const id = positiveId(raw);
  if (id === undefined) throw apiError(404, "not_found", `There is no ${what} with id ${JSON.stringify(raw ?? "")}.`);
  return id;
}

/** For pages: the id, or a 404 the error boundary shows. */
export function pageId(raw: string | undefined): number {
  const id = positiveId(raw);
  if (id === undefined) throw new Response("Not found", { status: 404 });
  return id;
}
