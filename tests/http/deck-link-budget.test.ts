import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { createDeckLinkBudget, createQueue, DECK_LINK_LIMITS, waitForTurn } from "#app/http/deck-link-budget.server.ts";

describe("the deck links' guess budget (decision 068)", () => {
  it("lets a client's first wrong tokens through, then makes it wait", () => {
    let now = 1_000_000;
    const budget = createDeckLinkBudget({ now: () => now });
    // The free ones, then one more looked up (as the passcode's limits count): the next waits.
    for (let i = 0; i <= DECK_LINK_LIMITS.freeWrongGuesses; i++) {
      expect(budget.waitBeforeLookup("198.51.100.7", false)).toBeUndefined();
      budget.recordWrongToken("198.51.100.7");
    }
    expect(budget.waitBeforeLookup("198.51.100.7", false)).toBe(1);
    // Another address is not held back by this one's guesses.
    expect(budget.waitBeforeLookup("198.51.100.8", false)).toBeUndefined();
    now += 60 * 60_000;
    expect(budget.waitBeforeLookup("198.51.100.7", false)).toBeUndefined();
  });

  it("stops everyone untrusted past the ceiling, one wrong token from each of many addresses, and trusts a reader", () => {
    let now = 1_000_000;
    const budget = createDeckLinkBudget({ now: () => now, ceilingPerMinute: 50 });
    for (let i = 0; i < 50; i++) {
      expect(budget.waitBeforeLookup(`203.0.113.${i}`, false)).toBeUndefined();
      budget.recordWrongToken(`203.0.113.${i}`);
    }
    expect(budget.waitBeforeLookup("192.0.2.1", false)).toBeGreaterThan(0);
    expect(budget.waitBeforeLookup("192.0.2.1", true)).toBeUndefined();
    now += 61_000;
    expect(budget.waitBeforeLookup("192.0.2.1", false)).toBeUndefined();
  });
});

describe("the queues of a link's heavy work", () => {
  it("holds at most the limit at once, queues the waiting ones in order, and refuses past the queue", async () => {
    const queue = createQueue(2, 1);
    expect(await queue.acquire()).toBe(true);
    expect(await queue.acquire()).toBe(true);
    let third = false;
    const waiting = queue.acquire().then((got) => (third = got));
    expect(await queue.acquire()).toBe(false);
    expect(third).toBe(false);
    queue.release();
    await waiting;
    expect(third).toBe(true);
    expect(queue.busy).toBe(2);
  });

  it("gives a link's turn back once, whatever calls it twice", async () => {
    const budget = createDeckLinkBudget();
    const releases = [];
    for (let i = 0; i < DECK_LINK_LIMITS.perLinkInFlight; i++) releases.push(await budget.enter(1));
    expect(releases.every((release) => typeof release === "function")).toBe(true);
    let next: (() => void) | false | undefined;
    const waiting = budget.enter(1).then((release) => (next = release));
    const first = releases[0] as () => void;
    first();
    first();
    await waiting;
    expect(typeof next).toBe("function");
    // Still exactly full: the doubled release did not free a second place.
    let extra: unknown;
    void budget.enter(1).then((release) => (extra = release));
    await Promise.resolve();
    expect(extra).toBeUndefined();
  });
});

describe("a visitor's turn in the deck links' request queue", () => {
  /** A response as app/server.ts has it: closed once, when the client leaves or the answer ends. */
  function response() {
    const events = new EventEmitter();
    const res = {
      closed: false,
      once: (event: "close", listener: () => void) => events.once(event, listener),
      close: () => {
        res.closed = true;
        events.emit("close");
      },
    };
    return res;
  }

  it("gives the turn back when the answer ends, and refuses past the queue", async () => {
    const queue = createQueue(1, 1);
    const first = response();
    expect(await waitForTurn(queue, first)).toBe("turn");
    const waiting = waitForTurn(queue, response());
    expect(await waitForTurn(queue, response())).toBe("busy");
    first.close();
    expect(await waiting).toBe("turn");
    expect(queue.busy).toBe(1);
  });

  it("gives the turn back at once to a client that left while it waited, or before it asked", async () => {
    const queue = createQueue(1, 4);
    const first = response();
    expect(await waitForTurn(queue, first)).toBe("turn");
    const leaver = response();
    const left = waitForTurn(queue, leaver);
    leaver.close();
    first.close();
    expect(await left).toBe("gone");
    expect(queue.busy).toBe(0);
    const gone = response();
    gone.close();
    expect(await waitForTurn(queue, gone)).toBe("gone");
    expect(queue.busy).toBe(0);
    // The place is there for the next visitor.
    expect(await waitForTurn(queue, response())).toBe("turn");
  });
});
