/**
 * What can go wrong when we talk to an outside service, in words a run report can use, and the
 * one retry policy every integration shares (so no client stacks its own loop on top of ours).
 */

export type IntegrationFailure =
  | "not_configured"
  | "auth"
  | "rate_limited"
  | "server"
  | "timeout"
  | "malformed"
  | "bad_request"
  | "network";

/**
 * A failure in our own words. The message is a short sentence we wrote, with at most the HTTP
 * status and a code of ours: never text or a header a remote service sent, which may echo our
 * credentials back (found in review: base64 of a Twilio `SID:TOKEN` and the start of a Tavily
 * key reached /runs, / and the digest's reason). docs/product.md#security.
 */
export class IntegrationError extends Error {
  readonly service: string;
  readonly failure: IntegrationFailure;
  /** How long the service asked us to wait before trying again, when it said so. */
  readonly retryAfterMs: number | undefined;
  /** The HTTP status the service answered with, when it answered. */
  readonly status: number | undefined;

  constructor(service: string, failure: IntegrationFailure, message: string, retryAfterMs?: number, status?: number) {
    super(message);
    this.name = "IntegrationError";
    this.service = service;
    this.failure = failure;
    this.retryAfterMs = retryAfterMs;
    this.status = status;
  }
}

/** A failure for a run's errors or a reason: our sentence, or a fixed one for anything else. */
export function describeFailure(error: unknown): string {
  if (error instanceof IntegrationError) return `${error.service} ${error.failure}: ${error.message}`;
  return "an unexpected error";
}

/** What a log line may say about a failure: the service, our code and the status, nothing else. */
export function failureLogFields(error: unknown): Record<string, string | number> {
  if (!(error instanceof IntegrationError)) return { failure: "unexpected", error: error instanceof Error ? error.name : typeof error };
  return { service: error.service, failure: error.failure, ...(error.status === undefined ? {} : { status: error.status }) };
}

/** Failures that may go away on their own; the others need a person (key, request, parser). */
const RETRYABLE: ReadonlySet<IntegrationFailure> = new Set(["rate_limited", "server", "timeout", "network"]);

export function isRetryable(failure: IntegrationFailure): boolean {
  return RETRYABLE.has(failure);
}

export type RetryOptions = {
  /** Extra attempts after the first one. */
  retries: number;
  /** Budget for one attempt, body included. */
  timeoutMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** A Retry-After longer than this is cut down to it, so one service cannot stall a run. */
  maxRetryAfterMs?: number;
  /** Names the service in the error raised when an attempt runs out of time. */
  service?: string;
};

const BACKOFF_BASE_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_MS = 20_000;

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** 500 ms × 2^n, with "equal jitter" (half fixed, half random) so parallel callers spread out. */
export function backoffMs(retryIndex: number, random: () => number = Math.random): number {
  const base = BACKOFF_BASE_MS * 2 ** retryIndex;
  return Math.round(base / 2 + random() * (base / 2));
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the retries run out. Each attempt gets its
 * own timeout signal; an attempt that ends because that signal fired is a "timeout", whatever
 * error the underlying library chose to throw for the abort.
 */
export async function withRetries<T>(attempt: (signal: AbortSignal) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const service = options.service ?? "integration";

  for (let retryIndex = 0; ; retryIndex++) {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let failure: IntegrationError;
    try {
      return await attempt(signal);
    } catch (error) {
      if (error instanceof IntegrationError) failure = error;
      else if (signal.aborted) {
        failure = new IntegrationError(service, "timeout", `${service} did not answer within ${options.timeoutMs} ms`);
      } else throw error; // A bug, not a service problem: let it surface as is.
    }
    if (!isRetryable(failure.failure) || retryIndex >= options.retries) throw failure;
    const wait = failure.retryAfterMs !== undefined ? Math.min(failure.retryAfterMs, maxRetryAfterMs) : backoffMs(retryIndex);
    await sleep(wait);
  }
}

/** Reads a Retry-After header, which is either a number of seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Every HTTP date format names the month; without this, Date.parse would read "-5" as a year.
  if (!/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/** True for the errors fetch and the SDKs throw when a request was aborted or timed out. */
export function isAbortLike(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}
