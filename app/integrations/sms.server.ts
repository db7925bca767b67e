import type twilioSdkType from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type Response from "twilio/lib/http/response";
import { IntegrationError, parseRetryAfter } from "./errors.ts";
import type { IntegrationFailure } from "./errors.ts";

/**
 * The phone message that carries the morning digest, by SMS or WhatsApp through Twilio's
 * Messages API. Callers see one `MessageSender`; which channel is used follows from the sender
 * address (`TWILIO_FROM`), as Twilio itself decides it.
 */

export type SentMessage = {
  sid: string;
  /** Twilio's delivery status at the time of the answer: normally "queued". */
  status: string;
  /** Segments Twilio will bill, when it said (a Messaging Service answers 0 until it picks a sender). */
  segments: number | null;
};

export interface MessageSender {
  send(to: string, body: string): Promise<SentMessage>;
}

export type Channel = "sms" | "whatsapp";

const SERVICE = "twilio";
const WHATSAPP_PREFIX = "whatsapp:";
const DEFAULT_TIMEOUT_MS = 15_000;

type TwilioSdk = typeof twilioSdkType;
let twilioSdk: Promise<TwilioSdk> | undefined;
let httpClientClass: ReturnType<typeof defineHttpClient> | undefined;

/** The SDK loads on the first message, not at start (about 34 MiB a server without Twilio never needs). */
async function loadTwilio(): Promise<{ twilio: TwilioSdk; HttpClient: ReturnType<typeof defineHttpClient> }> {
  // A CommonJS module: Node hands it over as the default export.
  twilioSdk = twilioSdk ?? import("twilio").then((module): TwilioSdk => Reflect.get(module, "default"));
  const twilio = await twilioSdk;
  httpClientClass = httpClientClass ?? defineHttpClient(twilio);
  return { twilio, HttpClient: httpClientClass };
}

/** What a failure needs of the client: the last answer's headers (Retry-After). */
type HeldResponse = { lastResponse?: { headers?: unknown } };

/**
 * The SDK's HTTP client, pointed at `baseUrl` instead of api.twilio.com (the SDK builds absolute
 * URLs on that host and has no base-URL option), with one timeout for every request and the
 * 429 auto-retry off: a send is not idempotent, so whether to try again is the caller's call.
 */
function defineHttpClient(twilio: TwilioSdk) {
  return class TwilioHttpClient extends twilio.RequestClient {
    readonly baseUrl: string | undefined;

    constructor(options: { baseUrl: string | undefined; timeoutMs: number }) {
      // keepAlive off: one message a day does not need a pooled socket lingering afterwards.
      super({ timeout: options.timeoutMs, autoRetry: false, keepAlive: false });
      this.baseUrl = options.baseUrl?.replace(/\/+$/, "");
    }

    override request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
      if (this.baseUrl === undefined) return super.request(opts);
      const target = new URL(opts.uri);
      return super.request({ ...opts, uri: `${this.baseUrl}${target.pathname}${target.search}` });
    }
  };
}

export function createTwilioSender(options: {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
}): MessageSender {
  // The SDK throws a bare Error for this on first use; say it up front, in our terms.
  if (!options.accountSid.startsWith("AC")) {
    throw new IntegrationError(SERVICE, "not_configured", "TWILIO_ACCOUNT_SID must start with AC");
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const channel = channelOf(options.from);

  return {
    async send(to, body) {
      // A client per message, so a failure's headers (Retry-After) are this message's own.
      const { twilio, HttpClient } = await loadTwilio();
      const httpClient = new HttpClient({ baseUrl: options.baseUrl, timeoutMs });
      const client = twilio(options.accountSid, options.authToken, {
        httpClient,
        // Any level but "debug": TWILIO_LOG_LEVEL=debug in the environment would otherwise make
        // the SDK print every request it sends.
        logLevel: "info",
      });
      let message: Awaited<ReturnType<typeof client.messages.create>>;
      try {
        message = await withDeadline(client.messages.create({ to: addressFor(channel, to), from: options.from, body }), timeoutMs);
      } catch (error) {
        throw failureFor(error, httpClient, timeoutMs, twilio);
      }
      if (typeof message.sid !== "string" || message.sid === "") {
        throw new IntegrationError(SERVICE, "malformed", "Twilio's answer had no message sid");
      }
      const segments = Number.parseInt(String(message.numSegments ?? ""), 10);
      return {
        sid: message.sid,
        status: typeof message.status === "string" ? message.status : "unknown",
        segments: Number.isNaN(segments) ? null : segments,
      };
    },
  };
}

/**
 * The sender the environment describes, or why there is none (the digest then returns its text
 * with `sent: false`). The reason names the missing variables, never their values.
 */
export function senderFromConfig(
  config: {
    TWILIO_ACCOUNT_SID?: string;
    TWILIO_AUTH_TOKEN?: string;
    TWILIO_FROM?: string;
    DIGEST_TO?: string;
    TWILIO_BASE_URL?: string;
  },
  options: { recipientRequired?: boolean } = {},
): { sender: MessageSender; to: string | null; channel: Channel; address: (to: string) => string } | { sender: undefined; reason: string } {
  // DIGEST_TO may be left out when members gave their own phones (decision 059).
  const required = [
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_FROM",
    ...(options.recipientRequired === false ? [] : ["DIGEST_TO" as const]),
  ] as const;
  const missing = required.filter((name) => (config[name] ?? "").trim() === "");
  if (missing.length > 0) {
    return { sender: undefined, reason: `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set` };
  }
  const accountSid = (config.TWILIO_ACCOUNT_SID ?? "").trim();
  if (!accountSid.startsWith("AC")) return { sender: undefined, reason: "TWILIO_ACCOUNT_SID must start with AC" };
  const from = (config.TWILIO_FROM ?? "").trim();
  const baseUrl = config.TWILIO_BASE_URL?.trim();
  const sender = createTwilioSender({
    accountSid,
    authToken: (config.TWILIO_AUTH_TOKEN ?? "").trim(),
    from,
    baseUrl: baseUrl === "" ? undefined : baseUrl,
  });
  const channel = channelOf(from);
  const to = (config.DIGEST_TO ?? "").trim();
  return { sender, to: to === "" ? null : addressFor(channel, to), channel, address: (number) => addressFor(channel, number) };
}

function channelOf(from: string): Channel {
  return from.trim().toLowerCase().startsWith(WHATSAPP_PREFIX) ? "whatsapp" : "sms";
}

/**
 * Twilio wants both ends on the same channel ("whatsapp:+44…" to "whatsapp:+44…"); the founder
 * should not have to remember to prefix DIGEST_TO as well.
 */
function addressFor(channel: Channel, to: string): string {
  const bare = to.trim().replace(/^whatsapp:/i, "");
  return channel === "whatsapp" ? `${WHATSAPP_PREFIX}${bare}` : bare;
}

/**
 * The SDK's timeout is a socket idle timeout: a server that trickles bytes could hold a send for
 * much longer. This bounds the whole call; the losing request is left to its own timeout.
 */
function withDeadline<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IntegrationError(SERVICE, "timeout", `Twilio did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  promise.catch(() => {}); // If the deadline wins, the request's later failure has no one to hear it.
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Twilio's HTTP errors (RestException, or the newer RFC 9457 TwilioServiceException). */
type TwilioHttpError = { status: number; code?: number; message?: string; detail?: string; title?: string };

function isTwilioHttpError(error: unknown, twilio: TwilioSdk): error is TwilioHttpError {
  return (
    error instanceof twilio.RestException ||
    (error instanceof Error && error.name !== "AxiosError" && typeof (error as { status?: unknown }).status === "number")
  );
}

function failureFor(error: unknown, httpClient: HeldResponse, timeoutMs: number, twilio: TwilioSdk): IntegrationError {
  if (error instanceof IntegrationError) return error;
  if (isTwilioHttpError(error, twilio)) return httpFailure(error, httpClient);
  // A 2xx whose body is not JSON: the SDK's JSON.parse is what throws.
  if (error instanceof SyntaxError) {
    return new IntegrationError(SERVICE, "malformed", "Twilio answered with something that is not JSON");
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ECONNABORTED" || code === "ETIMEDOUT") {
    return new IntegrationError(SERVICE, "timeout", `Twilio did not answer within ${timeoutMs} ms`);
  }
  // Never pass the SDK's error on: an axios error carries the request config, Authorization included.
  const reason = typeof code === "string" && /^E[A-Z_]{1,30}$/.test(code) ? ` (${code})` : "";
  return new IntegrationError(SERVICE, "network", `Could not reach Twilio${reason}`);
}

/**
 * What some of Twilio's error codes mean, in our words. Twilio's own message is never passed on
 * (an upstream that echoes the request would put the Basic credentials in it); the numeric code
 * is kept, since it cannot carry text and is what the founder looks up.
 */
const TWILIO_CODES: Record<number, string> = {
  21211: "the DIGEST_TO number is not a valid phone number",
  21408: "the account may not send to that country",
  21606: "TWILIO_FROM is not a number this account can send from",
  21608: "a trial account can only send to verified numbers",
  21610: "the recipient has opted out (replied STOP)",
  21614: "the DIGEST_TO number cannot receive SMS",
  63016: "WhatsApp allows a free-form message only within 24 hours of the recipient's last message",
};

function httpFailure(error: TwilioHttpError, httpClient: HeldResponse): IntegrationError {
  const status = error.status;
  const numericCode = typeof error.code === "number" && Number.isInteger(error.code) && error.code > 0 && error.code < 1_000_000;
  const code = numericCode ? `, code ${error.code}` : "";
  let failure: IntegrationFailure;
  let message: string;
  if (status === 401 || status === 403) {
    // Fixed wording: nothing from the request or the answer about credentials is echoed.
    failure = "auth";
    message = `Twilio rejected the account SID or auth token (${status}${code})`;
  } else if (status === 429) {
    failure = "rate_limited";
    message = `Twilio is rate limiting us (429${code})`;
  } else if (status >= 500) {
    failure = "server";
    message = `Twilio had a server error (${status}${code})`;
  } else {
    // 400s name the actual problem (21211 invalid "To", 21610 recipient unsubscribed, …).
    failure = "bad_request";
    message = `Twilio refused the message (${status}${code})`;
  }
  const meaning = numericCode ? TWILIO_CODES[error.code!] : undefined;
  if (meaning) message += `: ${meaning}`;
  const retryAfterMs = status === 429 ? parseRetryAfter(retryAfterHeader(httpClient), new Date()) : undefined;
  return new IntegrationError(SERVICE, failure, message, retryAfterMs, status);
}

/** The SDK's errors drop the headers; the client keeps the last answer, which was this one. */
function retryAfterHeader(httpClient: HeldResponse): string | null {
  const headers: unknown = httpClient.lastResponse?.headers;
  if (!headers || typeof headers !== "object") return null;
  const value = (headers as Record<string, unknown>)["retry-after"];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}
