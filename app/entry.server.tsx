import { randomBytes } from "node:crypto";
import { Transform, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter, isRouteErrorResponse } from "react-router";
import { NonceContext } from "./components/nonce.tsx";
import { MIN_COMPRESS_BYTES, keptBody, negotiateEncoding } from "./http/compression.server.ts";
import { encodedPage, keepPage, keptPage, keptPageKey } from "./http/page-cache.server.ts";
import { pageContentSecurityPolicy } from "./http/security-headers.ts";
import { noteStorageFault, storageFailedContext, storageFaultOf } from "./http/storage-failure.server.ts";
import { log } from "./log.server.ts";

export const streamTimeout = 5_000;

const development = process.env.NODE_ENV === "development";

/**
 * A page is one member's view: a shared cache (a company proxy, a CDN) must never keep it for
 * another. Pages and their data say `private, no-cache` unless a route said something stricter.
 */
const PAGE_CACHE_CONTROL = "private, no-cache";

export function handleDataRequest(response: Response): Response {
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", PAGE_CACHE_CONTROL);
  return response;
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (!responseHeaders.has("cache-control")) responseHeaders.set("cache-control", PAGE_CACHE_CONTROL);
  // A page that opted in is rendered once per version of its data (page-cache.server.ts).
  const keepKey = keptPageKey(request.method.toUpperCase(), request.url, responseStatusCode, routerContext.staticHandlerContext);
  if (keepKey !== null) return keptAnswer(request, keepKey, responseHeaders, routerContext);

  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("content-security-policy", pageContentSecurityPolicy({ nonce }, development));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // Room for a whole page, so React writes it in one go instead of waiting for drains.
          const body = new Transform({
            highWaterMark: 1024 * 1024,
            transform(chunk: Buffer, _encoding, callback) {
              callback(null, chunk);
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render failed", { error: String(error) });
        },
      },
    );
  });
}

/**
 * A kept page's answer: the kept version, or the page rendered whole (no nonce: its CSP names its
 * inline scripts' hashes, decision 028) and kept when it rendered without error. The body is the
 * same bytes on every answer, so it is compressed once per version and encoding, here; the
 * compression middleware lets an answer with a Content-Encoding through as it is.
 */
async function keptAnswer(request: Request, key: string, headers: Headers, routerContext: EntryContext): Promise<Response> {
  let status = 200;
  let page = keptPage(key);
  if (!page) {
    const rendered = await renderWhole(request, routerContext);
    status = rendered.status;
    page = keepPage(status === 200 ? key : null, rendered.html);
  }
  headers.set("content-security-policy", pageContentSecurityPolicy({ hashes: page.scriptHashes }, development));
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.append("vary", "Accept-Encoding");
  const encoding = page.html.byteLength < MIN_COMPRESS_BYTES ? null : negotiateEncoding(request.headers.get("accept-encoding"));
  const body = encoding ? await encodedPage(page, encoding) : page.html;
  if (encoding) headers.set("content-encoding", encoding);
  headers.set("content-length", String(body.byteLength));
  return new Response(keptBody(body), { status, headers });
}

/** The whole page as one string (a kept page's data is all there at once: nothing streams). */
function renderWhole(request: Request, routerContext: EntryContext): Promise<{ html: string; status: number }> {
  return new Promise((resolve, reject) => {
    let status = 200;
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        shellRendered = true;
        pipe(
          new Writable({
            highWaterMark: 1024 * 1024,
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              resolve({ html: Buffer.concat(chunks).toString("utf8"), status });
              callback();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) log.error("render failed", { error: String(error) });
      },
    });
  });
}

/** A request's path as a log line may say it: an invitation link's token is a secret until used (decision 060). */
function loggedPath(request: Request): string {
  return new URL(request.url).pathname.replace(/^\/join\/[^/]+/, "/join/…");
}

/** Server errors are logged as one line (no stack in responses; the message only in logs). */
export function handleError(error: unknown, { request, context }: { request: Request; context?: RouterContextProvider }) {
  // A 4xx the router answers itself (a POST to a page without an action) is the client's mistake.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // The disk, not the code: the root middleware answers it as such (app/root.tsx, decision 058).
  const fault = storageFaultOf(error);
  if (fault) {
    noteStorageFault(fault);
    context?.set(storageFailedContext, fault);
    log.warn("the storage failed under a request", { path: loggedPath(request), code: fault.code });
    return;
  }
  log.error("request failed", {
    path: loggedPath(request),
    error: error instanceof Error ? error.message : String(error),
  });
}
