import { randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter, isRouteErrorResponse } from "react-router";
import { NonceContext } from "./components/nonce.tsx";
import { keepPage, keptPage, keptPageKey } from "./http/page-cache.server.ts";
import { pageContentSecurityPolicy } from "./http/security-headers.ts";
import { log } from "./log.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("content-security-policy", pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development"));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // A page that opted in and whose data is unchanged is not rendered again (page-cache.server.ts).
  const keepKey = keptPageKey(request.method.toUpperCase(), request.url, responseStatusCode, routerContext.staticHandlerContext);
  const kept = keepKey === null ? undefined : keptPage(keepKey, nonce);
  if (kept !== undefined) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(kept, { headers: responseHeaders, status: responseStatusCode });
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
          const written: Buffer[] = [];
          // Room for a whole page, so React writes it in one go instead of waiting for drains.
          const body = new Transform({
            highWaterMark: 1024 * 1024,
            transform(chunk: Buffer, _encoding, callback) {
              if (keepKey !== null) written.push(chunk);
              callback(null, chunk);
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              if (keepKey !== null && responseStatusCode === 200) keepPage(keepKey, Buffer.concat(written).toString("utf8"), nonce);
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

/** Server errors are logged as one line (no stack in responses; the message only in logs). */
export function handleError(error: unknown, { request }: { request: Request }) {
  // A 4xx the router answers itself (a POST to a page without an action) is the client's mistake.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  log.error("request failed", {
    path: new URL(request.url).pathname,
    error: error instanceof Error ? error.message : String(error),
  });
}
