import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { createRequestHandler } from "react-router";
import sirv from "sirv";
import * as build from "virtual:react-router/server-build";
import { type App, bootApp, closeApp } from "./app.server.ts";
import { isForeignOriginWrite } from "./auth/origin.ts";
import { isFounderRequest } from "./auth/guards.server.ts";
import { ConfigError } from "./config.server.ts";
import { DatabaseFileError } from "#db/database.server.ts";
import { ANONYMOUS_IN_FLIGHT, createConcurrencyBudget, demoBusy, isOpenDemoRequest } from "./http/anonymous-budget.server.ts";
import { ROUTED_METHODS, apiError, unroutedMethod } from "./http/api-error.ts";
import { deckLinkRequests, deckLinksBusy, isDeckLinkRequest, waitForTurn } from "./http/deck-link-budget.server.ts";
import { precompressStaticFiles } from "./http/compression.server.ts";
import { createQuietCollector, exposedCollection } from "./http/quiet-collect.server.ts";
import { CONNECTION_LIMITS, capSocketsPerAddress, createBodyLimiter } from "./http/connection-limit.server.ts";
import { clientAddress, publicOrigin } from "./http/public-origin.ts";
import { CLIENT_ADDRESS_HEADER, clientGroup } from "./http/rate-limit.server.ts";
import { applySecurityHeaders } from "./http/security-headers.ts";
import { rescoreInProgress } from "./jobs/rescore-chunks.server.ts";
import { onRunsWorked, startWorker, workingRuns } from "./jobs/worker.server.ts";
import { log } from "./log.server.ts";

/** scripts/restore-export.ts runs through this build, which the Docker image carries (decision 020). */
export { restoreExportFile } from "./restore-export.server.ts";

/**
 * The production server: node:http + React Router's request listener + static assets.
 * A server of our own (instead of react-router-serve) because the process also owns the
 * scheduler and the run poller, which must start after migrations and stop on SIGTERM.
 */
export function startServer(env: Record<string, string | undefined> = process.env): void {
  let app: App;
  try {
    app = bootApp(env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseFileError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config } = app;
  const production = config.NODE_ENV === "production";

  // Static files go out precompressed (.br/.gz beside each, written by the build); should some
  // be missing, they are written here in the background and sirv, which lists the folder when
  // created, is created again.
  const clientDir = fileURLToPath(new URL("../client", import.meta.url));
  const serveAssets = () =>
    sirv(clientDir, {
      etag: true,
      gzip: true,
      brotli: true,
      setHeaders(res, pathname) {
        const headers = new Headers();
        applySecurityHeaders(headers, production);
        headers.forEach((value, name) => {
          res.setHeader(name, value);
        });
        // Vite fingerprints everything under /assets, so those files never change.
        res.setHeader("cache-control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  let assets = serveAssets();
  void precompressStaticFiles(clientDir).then(
    ({ files, written }) => {
      if (written === 0) return;
      assets = serveAssets();
      log.info(`compressed ${files} static files (brotli and gzip)`);
    },
    () => log.warn("could not compress static files; they are sent uncompressed"),
  );
  const handleRequest = createRequestHandler(build, config.NODE_ENV);
  const refuse = async (res: import("node:http").ServerResponse, response: Response) => {
    applySecurityHeaders(response.headers, production);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  };
  const anonymousDemoBudget = createConcurrencyBudget(ANONYMOUS_IN_FLIGHT, config.DEMO_REQUESTS_PER_SECOND);
  /**
   * Whether a deck link's request or open demo work comes from the founder, who is never counted
   * against their budgets (decisions 056, 068): isFounderRequest, a live session or a right
   * x-admin-passcode. The passcode is checked here once, through the same guess limits as the
   * guards; a wrong one is taken off the request, so the route serves an anonymous visitor and
   * the guess is not counted twice. A client held back for guessing gets the guards' 429.
   */
  const founderOrVisitor = async (req: import("node:http").IncomingMessage): Promise<boolean | Response> => {
    if (req.headers.cookie === undefined && req.headers["x-admin-passcode"] === undefined) return false;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    try {
      if (await isFounderRequest(new Request("http://local/", { headers }), app)) return true;
    } catch (refusal) {
      if (refusal instanceof Response) return refusal;
      throw refusal;
    }
    delete req.headers["x-admin-passcode"];
    return false;
  };
  let hintedTrustProxy = false;
  const bodies = createBodyLimiter();
  // Memory left by a busy spell is given back half a second into the quiet after it (decision 042).
  const quiet = createQuietCollector({
    collect: exposedCollection(),
    rss: () => process.memoryUsage.rss(),
    busy: () => workingRuns() || rescoreInProgress(app) !== null,
    onCollected: (before, after, tookMs) =>
      log.info("memory given back after a busy spell", {
        rss_before_mib: Math.round(before / 1024 / 1024),
        rss_after_mib: Math.round(after / 1024 / 1024),
        ms: Math.round(tookMs),
      }),
  });
  onRunsWorked(() => quiet.poke());
  // Timeouts are checked every 5 s (Node's default, 30 s, would let a slow client stay longer).
  const server = createServer({ connectionsCheckingInterval: 5_000 }, (req, res) => {
    quiet.started();
    res.once("close", () => quiet.ended());
    // Answered here: React Router's request listener cannot build a Request for TRACE (a 500).
    if (!ROUTED_METHODS.has(req.method ?? "")) {
      void refuse(res, unroutedMethod(req.method ?? "", (req.url ?? "/").split("?")[0]!));
      return;
    }
    // The scheme and host the browser used: behind a TLS proxy (TRUST_PROXY=true) https and the
    // forwarded host, so React Router's action check and ours compare the browser's Origin with it.
    const origin = publicOrigin(
      { host: req.headers.host, forwardedProto: req.headers["x-forwarded-proto"], forwardedHost: req.headers["x-forwarded-host"] },
      config.TRUST_PROXY,
    );
    if (!origin) {
      void refuse(res, apiError(400, "bad_host", "The Host header is not a host name."));
      return;
    }
    // React Router's own action-origin check answers 400; the contract says 403 (docs/product.md#security).
    if (isForeignOriginWrite(req.method ?? "GET", req.headers.origin, origin.origin)) {
      if (!config.TRUST_PROXY && !hintedTrustProxy && /^\s*https\b/i.test(String(req.headers["x-forwarded-proto"] ?? ""))) {
        hintedTrustProxy = true;
        log.warn("refused a form sent through an https proxy: set TRUST_PROXY=true when the app runs behind one");
      }
      void refuse(res, apiError(403, "forbidden_origin", "Cross-site requests are refused."));
      return;
    }
    // The socket address, for per-client limits; a client cannot set this header itself.
    const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], config.TRUST_PROXY);
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    // A client with many bodies still arriving (slow uploads) gets no more until one ends; the
    // socket is closed after the answer, so the refused body is never read.
    if (!bodies.admit(clientGroup(address, req.headers["fly-client-ip"]), req, res)) {
      void refuse(
        res,
        apiError(429, "rate_limited", "Too many unfinished requests from your network. Try again in 5 seconds.", {
          headers: { "retry-after": "5", connection: "close" },
        }),
      );
      return;
    }
    drainUnreadBody(req, res);
    // One small listener per request, so the Request's URL carries this request's own origin.
    const serve = () => {
      const listener = createRequestListener((request: Request) => handleRequest(request), {
        protocol: origin.protocol,
        host: origin.host,
      });
      assets(req, res, () => listener(req, res));
    };
    const url = req.url ?? "/";
    // A deck link's requests wait their turn, a few at a time, unless the founder sends them
    // (the same founderOrVisitor as the demo's; app/http/deck-link-budget.server.ts, decision 068).
    if (isDeckLinkRequest(url)) {
      void founderOrVisitor(req).then(async (founder) => {
        if (founder instanceof Response) return void refuse(res, founder);
        if (founder) return serve();
        const turn = await waitForTurn(deckLinkRequests, res);
        if (turn === "busy") return void refuse(res, deckLinksBusy());
        if (turn === "gone") return;
        serve();
      });
      return;
    }
    // Open demo work without a session has a budget of its own (app/http/anonymous-budget.server.ts).
    if (!isOpenDemoRequest(req.method ?? "GET", url)) {
      serve();
      return;
    }
    void founderOrVisitor(req).then((founder) => {
      if (founder instanceof Response) {
        void refuse(res, founder);
        return;
      }
      if (!founder) {
        if (!anonymousDemoBudget.enter()) {
          void refuse(res, demoBusy(url));
          return;
        }
        res.once("close", () => anonymousDemoBudget.leave());
      }
      serve();
    });
  });
  server.headersTimeout = CONNECTION_LIMITS.headersTimeoutSeconds * 1000;
  server.requestTimeout = CONNECTION_LIMITS.requestTimeoutSeconds * 1000;
  if (!config.TRUST_PROXY && !process.env.FLY_APP_NAME) capSocketsPerAddress(server);

  const worker = startWorker(app);

  server.listen(config.PORT, config.HOST, () => {
    const shown = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
    log.info(`Investor Pipeline is running at http://${shown}:${config.PORT}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`received ${signal}, shutting down`);
    setTimeout(() => process.exit(0), 10_000).unref();
    server.closeIdleConnections();
    // Stop the schedule and let the current investor finish before the database closes.
    void worker.stop().then(() =>
      server.close(() => {
        closeApp();
        process.exit(0);
      }),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * A route that answers without reading the whole body (a refusal, an action that takes none)
 * leaves the rest paused on the socket, and the next request on that keep-alive connection
 * would wait for a timeout. After the answer, the rest is read and dropped (never held), as
 * Node does for a body nobody listened to; requestTimeout still bounds a slow one.
 */
function drainUnreadBody(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
}
