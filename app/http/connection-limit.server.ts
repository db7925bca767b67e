import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { addressGroup } from "./address-group.ts";

/**
 * Bounds on what one client can hold open on the server (decision 019). A slow request body
 * (a /login form sent a byte at a time) keeps its socket and its buffers (about 0.5 MB measured)
 * until the request timeout; without a per-client cap one address could hold thousands.
 */
export const CONNECTION_LIMITS = {
  /** Requests whose body is still arriving, per client (an address group). */
  unfinishedBodiesPerClient: 16,
  /** Open sockets per address group, when the socket's address is the client's (no proxy in front). */
  socketsPerAddress: 64,
  /** The request line and headers must arrive within this. */
  headersTimeoutSeconds: 15,
  /** The whole request, body included, must arrive within this. */
  requestTimeoutSeconds: 60,
} as const;

/**
 * Caps open sockets per address group. Only when the app is reached directly: behind a proxy
 * every socket comes from the proxy, which must not be capped (the per-client body cap still
 * works there, on the forwarded address).
 */
export function capSocketsPerAddress(server: Server, max: number = CONNECTION_LIMITS.socketsPerAddress): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const group = addressGroup(socket.remoteAddress ?? "unknown");
    const count = (open.get(group) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(group, count);
    socket.once("close", () => {
      const left = (open.get(group) ?? 1) - 1;
      if (left === 0) open.delete(group);
      else open.set(group, left);
    });
  });
}

/**
 * Counts, per client, the requests whose body has not fully arrived; `admit` says whether one
 * more may start. A request without a body is never counted.
 */
export function createBodyLimiter(max: number = CONNECTION_LIMITS.unfinishedBodiesPerClient) {
  const unfinished = new Map<string, number>();
  return {
    admit(client: string, req: IncomingMessage, res: ServerResponse): boolean {
      const length = req.headers["content-length"];
      const hasBody = req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
      if (!hasBody) return true;
      const count = (unfinished.get(client) ?? 0) + 1;
      if (count > max) return false;
      unfinished.set(client, count);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const left = (unfinished.get(client) ?? 1) - 1;
        if (left === 0) unfinished.delete(client);
        else unfinished.set(client, left);
      };
      req.once("end", finish);
      req.once("close", finish);
      res.once("close", finish);
      return true;
    },
    /** Bodies still arriving from this client (tests). */
    unfinished(client: string): number {
      return unfinished.get(client) ?? 0;
    },
  };
}
