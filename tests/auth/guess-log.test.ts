import { afterEach, describe, expect, it, vi } from "vitest";
import { type GuessCounts, createGuessLog } from "#app/auth/guess-log.server.ts";

describe("guess log", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes one line a minute at most, with the counts, instead of a line a guess", () => {
    vi.useFakeTimers({ now: 0 });
    const lines: GuessCounts[] = [];
    const guessLog = createGuessLog("wrong passcodes", { write: (_message, counts) => lines.push({ ...counts }) });
    // The first wrong guess after a quiet minute is told at once.
    guessLog.count("wrong");
    expect(lines).toEqual([{ wrong: 1, refusedUnchecked: 0 }]);
    // A flood within the minute: no line yet…
    for (let i = 0; i < 5_000; i++) guessLog.count(i % 5 === 0 ? "wrong" : "refusedUnchecked");
    vi.advanceTimersByTime(59_999);
    expect(lines).toHaveLength(1);
    // …then one line for all of it.
    vi.advanceTimersByTime(1);
    expect(lines).toEqual([
      { wrong: 1, refusedUnchecked: 0 },
      { wrong: 1_000, refusedUnchecked: 4_000 },
    ]);
    // Ten seconds later: counted towards the next minute's line, not written at once.
    vi.advanceTimersByTime(10_000);
    guessLog.count("wrong");
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(50_000);
    expect(lines.at(-1)).toEqual({ wrong: 1, refusedUnchecked: 0 });
    // Nothing more to tell: no empty lines.
    vi.advanceTimersByTime(600_000);
    expect(lines).toHaveLength(3);
  });
});
