import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The plumbing every fake shares: a loopback HTTP server on a random port that records each
 * request and answers from a script. Dependency-free so an offline dev script can start it too.
 */

/** One scripted answer. `raw` is sent as is (for broken bodies); otherwise `json` is encoded. */
export type FakeReply = {
  status?: number;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering, to provoke client timeouts. */
  delayMs?: number;
};

export type RecordedRequest = {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON, else the raw text (or undefined when empty). */
  body: any;
};

export type ReplyHandler = (body: any, request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export type FakeServer = {
  url: string;
  requests: RecordedRequest[];
  /** Answer every later request with this handler (until `reset`). */
  respond(handler: ReplyHandler): void;
  /** Answer the next requests with these replies, in order, before falling back to the handler. */
  queue(...replies: FakeReply[]): void;
  /** Forget recorded requests and scripts; back to the default answers. */
  reset(): void;
  close(): Promise<void>;
};

/**
 * `route` decides whether the fake serves a path at all (404 otherwise) and supplies the
 * default answer; scripts set through `respond`/`queue` override the default.
 */
export async function startFakeServer(route: (request: RecordedRequest) => ReplyHandler | undefined): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let handler: ReplyHandler | undefined;
  let queued: FakeReply[] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const text = await readBody(incoming);
    const request: RecordedRequest = {
      method: incoming.method ?? "GET",
      path: incoming.url ?? "/",
      headers: flattenHeaders(incoming),
      body: parseBody(text),
    };
    const defaultHandler = route(request);
    if (!defaultHandler) {
      send(outgoing, { status: 404, json: { error: { code: 404, message: `No fake route for ${request.method} ${request.path}` } } });
      return;
    }
    requests.push(request);
    const reply = queued.shift() ?? (await (handler ?? defaultHandler)(request.body, request));
    if (reply.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, reply.delayMs);
        timers.add(timer);
      });
      // The client gave up meanwhile; writing would only raise EPIPE noise. (The request stream
      // itself is always destroyed by now: it auto-destroys once its body has been read.)
      if (outgoing.destroyed || !outgoing.socket || outgoing.socket.destroyed) return;
    }
    send(outgoing, reply);
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      // Report script bugs to the client as a 500 rather than crashing the test process.
      if (!outgoing.headersSent) send(outgoing, { status: 500, raw: `fake server error: ${String(error)}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      handler = next;
    },
    queue(...replies) {
      queued.push(...replies);
    },
    reset() {
      requests.length = 0;
      handler = undefined;
      queued = [];
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Delayed replies keep sockets open; close them so close() does not wait for them.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function send(outgoing: ServerResponse, reply: FakeReply) {
  const status = reply.status ?? 200;
  const body = reply.raw ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
  const headers: Record<string, string> = {
    "content-type": reply.raw === undefined ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    ...lowerCaseKeys(reply.headers ?? {}),
  };
  outgoing.writeHead(status, headers);
  outgoing.end(body);
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    incoming.on("error", reject);
  });
}

function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function flattenHeaders(incoming: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** A path without its query string. */
export function pathOf(request: RecordedRequest): string {
  return request.path.split("?")[0] ?? request.path;
}
