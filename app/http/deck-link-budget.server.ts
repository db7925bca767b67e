import { createGuessLimiter } from "../auth/guess-limit.server.ts";

/**
 * The budgets of the public deck links (`/d/:token…`, decision 068), the app's first routes open
 * to the internet by design. Three layers, all in memory (one process):
 *
 * - A token of the wrong shape is refused without a lookup (DECK_LINK_TOKEN_PATTERN), counting
 *   as a wrong guess.
 * - A wrong token (well-formed, no link) counts against its client (an address group): after
 *   `freeWrongGuesses` in 15 minutes it waits, 1 s doubling to a minute, before its next token is
 *   looked up at all; and against everyone: past `ceilingPerMinute` wrong tokens in the last
 *   minute no untrusted request is looked up until the minute's count falls back. The ceiling is
 *   what bounds a thousand addresses guessing together. A browser that opened this very link before
 *   (its `seen` cookie, an HMAC of the token only the server can make) is trusted, so an investor
 *   already reading is not stopped by someone else's flood.
 * - Traffic of real links has its own share: the heavy part (a watermarked image made, a download)
 *   runs at most `perLinkInFlight` at once per link and `allInFlight` for every link together, the
 *   rest waiting in bounded queues (past them, 429 at once), so 50 viewers (or a flood through
 *   one leaked link) leave the founder's pages their time.
 *
 * The founder (a session or the right x-admin-passcode: isFounderRequest) is never counted.
 */
export const DECK_LINK_LIMITS = {
  freeWrongGuesses: 10,
  ceilingPerMinute: 300,
  perLinkInFlight: 4,
  perLinkWaiting: 64,
  allInFlight: 8,
  allWaiting: 256,
  retryAfterSeconds: 1,
  trackedLinks: 1_000,
  requestsInFlight: 2,
  requestsWaiting: 1_000,
} as const;

/**
 * At most `limit` holders at once; up to `waiting` more wait their turn in order (an image a
 * viewer's browser asked for is better late than broken), and past that `acquire` says no at once.
 */
export function createQueue(limit: number, waiting: number) {
  let inFlight = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else inFlight--;
  };
  return {
    acquire(): Promise<boolean> {
      if (inFlight < limit) {
        inFlight++;
        return Promise.resolve(true);
      }
      if (queue.length >= waiting) return Promise.resolve(false);
      return new Promise((resolve) => queue.push(() => resolve(true)));
    },
    release,
    get busy(): number {
      return inFlight + queue.length;
    },
  };
}

export function createDeckLinkBudget(options: { now?: () => number; ceilingPerMinute?: number } = {}) {
  const guesses = createGuessLimiter({
    freeWrongGuesses: DECK_LINK_LIMITS.freeWrongGuesses,
    ceilingPerMinute: options.ceilingPerMinute ?? DECK_LINK_LIMITS.ceilingPerMinute,
    now: options.now,
  });
  const all = createQueue(DECK_LINK_LIMITS.allInFlight, DECK_LINK_LIMITS.allWaiting);
  const perLink = new Map<number, ReturnType<typeof createQueue>>();

  return {
    /** Seconds this client must wait before its token is looked up; undefined: look it up now. */
    waitBeforeLookup(client: string, trusted: boolean): number | undefined {
      return guesses.waitBeforeChecking(client, { trusted });
    },
    /** A wrong or malformed token from this client. */
    recordWrongToken(client: string): void {
      guesses.recordWrongGuess(client);
    },
    /** Wrong tokens in the last minute, all clients together. */
    wrongLastMinute(): number {
      return guesses.wrongLastMinute();
    },
    /**
     * A turn for a real link's heavy work (a watermarked image, a download's start): the link's
     * queue, then everyone's. Resolves to a `release` to call once, or false (answer 429).
     */
    async enter(linkId: number): Promise<(() => void) | false> {
      let link = perLink.get(linkId);
      if (!link) {
        link = createQueue(DECK_LINK_LIMITS.perLinkInFlight, DECK_LINK_LIMITS.perLinkWaiting);
        perLink.set(linkId, link);
        // The stalest idle link's queue is forgotten first.
        for (const [id, old] of perLink) {
          if (perLink.size <= DECK_LINK_LIMITS.trackedLinks) break;
          if (old.busy === 0) perLink.delete(id);
        }
      }
      const held = link;
      if (!(await held.acquire())) return false;
      if (!(await all.acquire())) {
        held.release();
        return false;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        all.release();
        held.release();
      };
    },
  };
}

/** The one budget of this process. */
export const deckLinkBudget = createDeckLinkBudget();

/**
 * Every `/d/…` request not the founder's (founderOrVisitor) waits here, in app/server.ts, before React
 * Router sees it: at most `requestsInFlight` are routed at once, so however many viewers (or
 * guessers) arrive together, the founder's own request is next after a handful of theirs, never
 * after all of them. Past `requestsWaiting`, 429 at once.
 */
export const deckLinkRequests = createQueue(DECK_LINK_LIMITS.requestsInFlight, DECK_LINK_LIMITS.requestsWaiting);

/** Is this a deck link's request (the viewer, its pages, its reports, its download)? */
export function isDeckLinkRequest(url: string): boolean {
  return url.startsWith("/d/");
}

/**
 * A visitor's `/d/` request waits for its turn in `queue` (deckLinkRequests): "turn" once it has
 * one, given back when the answer ends; "busy" when the queue is full (answer deckLinksBusy());
 * "gone" when the client left before its turn: the turn is given back at once and nothing is
 * served (that close came before the turn, so no later one would give it back: the queue would
 * lose a place for good, and after two such the deck links would answer nobody).
 */
export async function waitForTurn(
  queue: ReturnType<typeof createQueue>,
  res: { readonly closed: boolean; once(event: "close", listener: () => void): unknown },
): Promise<"turn" | "busy" | "gone"> {
  // Closed already while the founder check ran: its close event is past.
  let closed = res.closed;
  let held = false;
  res.once("close", () => {
    closed = true;
    if (held) queue.release();
  });
  if (!(await queue.acquire())) return "busy";
  if (closed) {
    queue.release();
    return "gone";
  }
  held = true;
  return "turn";
}

/** The answer to a visitor when every deck link's queue is full: 429, try again in a moment. */
export function deckLinksBusy(): Response {
  return new Response("Too many people are opening deck links right now. Try again in a moment.", {
    status: 429,
    headers: {
      "retry-after": String(DECK_LINK_LIMITS.retryAfterSeconds),
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    },
  });
}
