import { randomBytes } from "node:crypto";
import { smsSegments } from "#app/domain/digest.ts";
import { pathOf, startFakeServer } from "./fake-server.ts";
import type { FakeReply, FakeServer } from "./fake-server.ts";

/**
 * A stand-in for Twilio's `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`: form-encoded
 * To/From/Body in, HTTP Basic auth (account SID : auth token), Twilio's JSON message resource out
 * (201) or its error body `{code, message, more_info, status}`. Each accepted message is kept
 * in `messages`, so a test can read back what "arrived".
 */

export type FakeTwilioMessage = { to: string; from: string; body: string };

export type FakeTwilio = FakeServer & {
  /** Messages the fake accepted, oldest first (scripted failures are not messages). */
  messages: FakeTwilioMessage[];
};

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

export async function startFakeTwilio(options: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilio> {
  const messages: FakeTwilioMessage[] = [];
  const server = await startFakeServer((request) => {
    const match = request.method === "POST" ? MESSAGES_PATH.exec(pathOf(request)) : null;
    if (!match) return undefined;
    const accountSid = decodeURIComponent(match[1] ?? "");
    return (body, recorded) => {
      if (!isAuthorized(recorded.headers.authorization, accountSid, options)) {
        return twilioError(401, 20003, "Authenticate");
      }
      // The form body is not JSON, so the shared server hands it over as text.
      const form = new URLSearchParams(typeof body === "string" ? body : "");
      const to = form.get("To");
      const from = form.get("From");
      const text = form.get("Body");
      if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
      if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
      if (!text) return twilioError(400, 21602, "Message body is required.");
      messages.push({ to, from, body: text });
      return { status: 201, json: messageResource(accountSid, { to, from, body: text }) };
    };
  });

  return {
    ...server,
    messages,
    reset() {
      server.reset();
      messages.length = 0;
    },
  };
}

function isAuthorized(header: string | undefined, accountSid: string, options: { accountSid?: string; authToken?: string }): boolean {
  if (options.accountSid === undefined && options.authToken === undefined) return true;
  if (!header?.startsWith("Basic ")) return false;
  const decoded = Buffer.from(header.slice("Basic ".length), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (options.accountSid !== undefined && (user !== options.accountSid || accountSid !== options.accountSid)) return false;
  return options.authToken === undefined || password === options.authToken;
}

/** Twilio's error body; `headers` for a 429's Retry-After. */
export function twilioError(status: number, code: number, message: string, headers?: Record<string, string>): FakeReply {
  return {
    status,
    json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    headers,
  };
}

/** The message resource as Twilio returns it on create: counts as strings, dates in RFC 2822. */
export function messageResource(accountSid: string, message: FakeTwilioMessage, now: Date = new Date()) {
  const sid = `SM${randomBytes(16).toString("hex")}`;
  const date = now.toUTCString().replace("GMT", "+0000");
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}`;
  return {
    account_sid: accountSid,
    api_version: "2010-04-01",
    body: message.body,
    date_created: date,
    date_sent: null,
    date_updated: date,
    direction: "outbound-api",
    error_code: null,
    error_message: null,
    from: message.from,
    messaging_service_sid: null,
    num_media: "0",
    num_segments: String(smsSegments(message.body)),
    price: null,
    price_unit: "USD",
    sid,
    status: "queued",
    subresource_uris: { media: `${uri}/Media.json` },
    to: message.to,
    uri: `${uri}.json`,
  };
}
