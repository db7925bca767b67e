import { describe, expect, it } from "vitest";
import { createGuessLimiter, describeWait } from "#app/auth/guess-limit.server.ts";

describe("guess limiter", () => {
  it("lets a client make its free wrong guesses, then doubles the wait before each next check", () => {
    let time = 0;
    const limiter = createGuessLimiter({ freeWrongGuesses: 3, maxWaitMs: 8_000, now: () => time });
    for (let i = 0; i < 3; i++) {
      expect(limiter.waitBeforeChecking("a")).toBeUndefined();
      limiter.recordWrongGuess("a");
    }
    // After the free guesses the next attempt is still checked at once (the founder's typo budget).
    expect(limiter.waitBeforeChecking("a")).toBeUndefined();
    limiter.recordWrongGuess("a");
    expect(limiter.waitBeforeChecking("a")).toBe(1);
    time += 1_000;
    expect(limiter.waitBeforeChecking("a")).toBeUndefined();
    limiter.recordWrongGuess("a");
    expect(limiter.waitBeforeChecking("a")).toBe(2);
    time += 2_000;
    limiter.recordWrongGuess("a");
    expect(limiter.waitBeforeChecking("a")).toBe(4);
    time += 4_000;
    limiter.recordWrongGuess("a");
    expect(limiter.waitBeforeChecking("a")).toBe(8);
    time += 8_000;
    limiter.recordWrongGuess("a");
    expect(limiter.waitBeforeChecking("a")).toBe(8); // capped
  });

  it("never makes another client wait: the limit is per client", () => {
    const limiter = createGuessLimiter({ freeWrongGuesses: 1, now: () => 0 });
    for (let i = 0; i < 5; i++) limiter.recordWrongGuess("guesser");
    expect(limiter.waitBeforeChecking("guesser")).toBeGreaterThan(0);
    expect(limiter.waitBeforeChecking("founder")).toBeUndefined();
  });

  it("slows everyone down, without shutting anyone out, when many wrong guesses arrive overall", () => {
    let time = 0;
    const limiter = createGuessLimiter({ freeWrongGuesses: 10, slowDownAfterPerMinute: 20, now: () => time });
    for (let client = 0; client < 7; client++) for (let i = 0; i < 3; i++) limiter.recordWrongGuess(`10.0.0.${client}`);
    // 21 wrong guesses this minute: a client's first wrong guess now costs a wait…
    limiter.recordWrongGuess("10.0.0.99");
    expect(limiter.waitBeforeChecking("10.0.0.99")).toBe(1);
    // …but a client that has not guessed wrong is checked at once.
    expect(limiter.waitBeforeChecking("10.0.0.100")).toBeUndefined();
    // A minute later the pressure is gone and the free guesses are back.
    time += 61_000;
    expect(limiter.waitBeforeChecking("10.0.0.0")).toBeUndefined();
  });

  it("forgets wrong guesses after the window", () => {
    let time = 0;
    const limiter = createGuessLimiter({ freeWrongGuesses: 0, windowMs: 60_000, now: () => time });
    limiter.recordWrongGuess("a");
    expect(limiter.waitBeforeChecking("a")).toBe(1);
    time = 60_000;
    expect(limiter.waitBeforeChecking("a")).toBeUndefined();
  });

  it("says a wait in words", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(40)).toBe("40 seconds");
    expect(describeWait(61)).toBe("2 minutes");
  });
});

describe("guess ceiling over all clients", () => {
  it("stops checking untrusted attempts once the minute holds `ceilingPerMinute` wrong guesses, and says when it frees up", () => {
    let time = 0;
    const limiter = createGuessLimiter({ ceilingPerMinute: 10, now: () => time });
    for (let i = 0; i < 9; i++) limiter.recordWrongGuess(`10.0.0.${i}`);
    expect(limiter.waitBeforeChecking("10.0.1.1")).toBeUndefined();
    time = 20_000;
    limiter.recordWrongGuess("10.0.0.9");
    expect(limiter.wrongLastMinute()).toBe(10);
    // A fresh address gains nothing: it waits until the oldest guesses leave the minute (at 60 s).
    expect(limiter.waitBeforeChecking("10.0.1.1")).toBe(40);
    expect(limiter.waitForCeiling()).toBe(40);
    // A trusted browser is checked all the same.
    expect(limiter.waitBeforeChecking("device:a", { trusted: true })).toBeUndefined();
    time = 60_000;
    expect(limiter.waitBeforeChecking("10.0.1.1")).toBeUndefined();
  });

  it("keeps counting guesses from clients it no longer tracks, so rotating addresses reset nothing", () => {
    const limiter = createGuessLimiter({ ceilingPerMinute: 50, maxClients: 3, now: () => 0 });
    for (let i = 0; i < 50; i++) limiter.recordWrongGuess(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.wrongLastMinute()).toBe(50);
    // Every one of those addresses has been forgotten but the last three; none is checked again.
    expect(limiter.waitBeforeChecking("10.0.0.0")).toBeGreaterThan(0);
    expect(limiter.waitBeforeChecking("10.9.9.9")).toBeGreaterThan(0);
  });
});
