import { afterEach, beforeEach, expect, vi } from "vitest";

// console.error during a test is a failure unless the test expects it (by mocking it itself).
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  expect(calls, "console.error was called during the test").toEqual([]);
});
