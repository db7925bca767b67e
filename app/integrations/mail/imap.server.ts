import type { ConnectionOptions } from "node:tls";
import type { ImapFlow, ImapFlowOptions } from "imapflow";
import { HEADER_BYTES_CAP, MAIL_HEADER_FIELDS } from "../../domain/mail.ts";
import { REFERENCES_BYTES_CAP, REFERENCE_FIELDS, THREAD_BYTES_CAP, THREAD_HEADER_FIELDS } from "../../domain/mail-threads.ts";
import { IntegrationError } from "../errors.ts";

/**
 * The founder's mail server, read-only, headers only (docs/decisions/014-mail-capture.md). The
 * sync sees this small interface; imapflow stays behind it and loads on the first sync, not at
 * start. Every mailbox is opened with EXAMINE (read-only) and every fetch is
 * `BODY.PEEK[HEADER.FIELDS (FROM TO CC DATE MESSAGE-ID SUBJECT AUTHENTICATION-RESULTS)]<0.32768>`:
 * nothing is marked \Seen, a 10 MB message costs its seven header fields, and a message whose
 * fields are 0.7 MB costs 32 KiB (decision 017). Beside it, two small sections for threads and bulk
 * mail (`HEADER.FIELDS (IN-REPLY-TO LIST-ID LIST-UNSUBSCRIBE PRECEDENCE AUTO-SUBMITTED)<0.4096>` and
 * `HEADER.FIELDS (REFERENCES)<0.2048>`): at most 6 KiB more a message, and a References as long
 * as a 10,000-message thread never makes the main block too large. Errors come out as IntegrationError in our words,
 * never the server's text (which may echo the user name or worse).
 */

export type MailServerOptions = {
  host: string;
  port: number;
  /** Implicit TLS (port 993). When false, STARTTLS is used if the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** Extra TLS options (tests pass `{ ca }` for their self-signed certificate). */
  tls?: ConnectionOptions;
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
};

/** `sent`: the server flags the mailbox \Sent (RFC 6154), so it holds what the founder sent. */
export type OpenedMailbox = { path: string; uidValidity: string; uidNext: number; exists: number; sent: boolean };

/**
 * `headers` is undefined when the server sent no header section for the message; `threadHeaders`
 * holds the thread and bulk fields' section, then the References section (cut last, so a cut
 * References never runs into another field).
 */
export type FetchedHeaders = {
  uid: number;
  headers: Uint8Array | undefined;
  threadHeaders: Uint8Array | undefined;
  internalDate: Date | undefined;
};

/**
 * No literal the sync asks for can be longer than the capped header section (a mailbox name or a
 * flag is far shorter): a server that ignored the byte range is refused before the bytes are
 * held, rather than let a 0.7 MB header each into memory.
 */
const MAX_LITERAL_BYTES = HEADER_BYTES_CAP + 4 * 1024;

export interface MailReader {
  /** INBOX and the mailbox with the \Sent special-use flag (when the server has one). */
  defaultMailboxes(): Promise<string[]>;
  /** Opens a mailbox read-only; IntegrationError "bad_request" when it does not exist. */
  open(path: string): Promise<OpenedMailbox>;
  /**
   * The UIDs of the open mailbox's messages after `lastUid`, ascending (one UID SEARCH): the sync
   * fetches only messages that exist, however sparse the UIDs of a mailbox that was cleaned up.
   */
  uidsAfter(lastUid: number): Promise<number[]>;
  /** Header fields of the messages with UIDs from `fromUid` to `toUid` in the open mailbox. */
  fetchHeaders(fromUid: number, toUid: number): Promise<FetchedHeaders[]>;
  close(): Promise<void>;
}

const SERVICE = "imap";

type ImapFlowClass = typeof ImapFlow;
let imapflow: Promise<ImapFlowClass> | undefined;

/** imapflow loads on the first sync: a server without mail capture never needs it. */
function loadImapFlow(): Promise<ImapFlowClass> {
  imapflow = imapflow ?? import("imapflow").then((module) => module.ImapFlow);
  return imapflow;
}

export async function connectMailServer(options: MailServerOptions): Promise<MailReader> {
  const where = `${options.host}:${options.port}`;
  let ImapFlowCtor: ImapFlowClass;
  try {
    ImapFlowCtor = await loadImapFlow();
  } catch {
    imapflow = undefined;
    throw new IntegrationError(SERVICE, "not_configured", "The IMAP client library could not be loaded.");
  }
  const clientOptions: ImapFlowOptions = {
    host: options.host,
    port: options.port,
    secure: options.secure,
    auth: { user: options.user, pass: options.password },
    logger: false,
    disableAutoIdle: true,
    // Without implicit TLS, STARTTLS is required: the password never crosses the network in the
    // clear (a loopback bridge such as a local mail proxy excepted).
    ...(options.secure || isLoopback(options.host) ? {} : { doSTARTTLS: true }),
    connectionTimeout: options.connectionTimeoutMs ?? 15_000,
    greetingTimeout: options.greetingTimeoutMs ?? 15_000,
    socketTimeout: options.socketTimeoutMs ?? 30_000,
    ...(options.tls ? { tls: options.tls } : {}),
    maxLiteralSize: MAX_LITERAL_BYTES,
  };
  const client = new ImapFlowCtor(clientOptions);
  // A dropped connection is also emitted as an event; unheard, it would end the process.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw imapFailure(error, where, undefined, { startTls: !options.secure });
  }
  return readerFor(client, where);
}

function readerFor(client: ImapFlow, where: string): MailReader {
  return {
    async defaultMailboxes() {
      try {
        const boxes = await client.list();
        const sent = boxes.find((box) => box.specialUse === "\\Sent" && box.specialUseSource !== "name");
        const sentByName = boxes.find((box) => box.specialUse === "\\Sent");
        return ["INBOX", ...[(sent ?? sentByName)?.path].filter((path): path is string => Boolean(path) && path !== "INBOX")];
      } catch (error) {
        throw imapFailure(error, where);
      }
    },
    async open(path) {
      try {
        const box = await client.mailboxOpen(path, { readOnly: true });
        return {
          path: box.path,
          uidValidity: String(box.uidValidity),
          uidNext: box.uidNext,
          exists: box.exists,
          sent: box.specialUse === "\\Sent",
        };
      } catch (error) {
        throw imapFailure(error, where, path);
      }
    },
    async uidsAfter(lastUid) {
      try {
        // `n:*` always includes the highest UID, even when it is below n: keep only the new ones.
        const found = await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
        return (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
      } catch (error) {
        throw imapFailure(error, where);
      }
    },
    async fetchHeaders(fromUid, toUid) {
      if (toUid < fromUid) return [];
      try {
        const messages = await fetchHeaderSections(client, `${fromUid}:${toUid}`);
        return messages.filter((message) => message.uid >= fromUid && message.uid <= toUid);
      } catch (error) {
        throw imapFailure(error, where);
      }
    },
    async close() {
      if (!client.usable) {
        client.close();
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        client.logout().catch(() => {}),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, 5_000);
        }),
      ]);
      clearTimeout(timer);
      client.close();
    },
  };
}

/** A node of imapflow's parsed response: an atom, a string or literal, a list, a section. */
type ResponseNode = { type?: string; value?: unknown; section?: unknown } | ResponseNode[] | null;
type Untagged = { attributes?: ResponseNode[] };
type RawCommand = {
  exec(command: string, attributes: unknown[], options: { untagged: { FETCH: (untagged: Untagged) => void } }): Promise<{ next(): void }>;
};

/**
 * `UID FETCH range (UID INTERNALDATE BODY.PEEK[HEADER.FIELDS (…)]<0.N>)`. imapflow's fetch() can
 * ask for a byte range of a numbered part but not of HEADER.FIELDS (its section key would go out
 * quoted, which servers refuse), so the command is sent through the connection's own `exec`, the
 * one every imapflow command uses, and each untagged FETCH is read here: the UID, the
 * INTERNALDATE and the section's bytes, copied so nothing keeps the parser's buffers.
 */
function headerSection(fields: readonly string[], cap: number) {
  return {
    type: "ATOM",
    value: "BODY.PEEK",
    section: [{ type: "ATOM", value: "HEADER.FIELDS" }, fields.map((field) => ({ type: "ATOM", value: field }))],
    partial: [0, cap],
  };
}

async function fetchHeaderSections(client: ImapFlow, range: string): Promise<FetchedHeaders[]> {
  const sections = [
    headerSection(MAIL_HEADER_FIELDS, HEADER_BYTES_CAP),
    headerSection(THREAD_HEADER_FIELDS, THREAD_BYTES_CAP),
    headerSection(REFERENCE_FIELDS, REFERENCES_BYTES_CAP),
  ];
  const found: FetchedHeaders[] = [];
  // imapflow's exec() is not in its typings: read it off the client and check it is there.
  const exec: unknown = Reflect.get(client, "exec");
  if (typeof exec !== "function") throw new Error("this imapflow has no exec()");
  const response = await (exec as RawCommand["exec"]).call(
    client,
    "UID FETCH",
    [{ type: "SEQUENCE", value: range }, [{ type: "ATOM", value: "UID" }, { type: "ATOM", value: "INTERNALDATE" }, ...sections]],
    { untagged: { FETCH: (untagged) => void found.push(...fetchedFrom(untagged)) } },
  );
  response.next();
  return found;
}

/** One untagged FETCH's UID, INTERNALDATE and header sections (none when it has no UID). */
function fetchedFrom(untagged: Untagged): FetchedHeaders[] {
  const list = untagged.attributes?.[1];
  if (!Array.isArray(list)) return [];
  let uid = 0;
  let date: Date | undefined;
  let headers: Uint8Array | undefined;
  let thread: Uint8Array | undefined;
  let references: Uint8Array | undefined;
  for (let i = 0; i + 1 < list.length; i += 2) {
    const key = list[i];
    const value = list[i + 1];
    if (!key || Array.isArray(key) || typeof key.value !== "string") continue;
    const name = key.value.toUpperCase();
    const content = value && !Array.isArray(value) ? value.value : undefined;
    if (name === "UID" && typeof content === "string" && /^\d{1,10}$/.test(content)) uid = Number(content);
    else if (name === "INTERNALDATE" && typeof content === "string") date = internalDate(content);
    else if (name === "BODY" && key.section) {
      const bytes =
        content instanceof Uint8Array
          ? new Uint8Array(content)
          : typeof content === "string"
            ? new TextEncoder().encode(content)
            : undefined;
      const fields = sectionFields(key.section);
      if (fields.has("REFERENCES")) references = bytes;
      else if (fields.has("LIST-ID")) thread = bytes;
      else headers = bytes;
    }
  }
  return uid > 0 ? [{ uid, headers, threadHeaders: joined(thread, references), internalDate: date }] : [];
}

/** The field names a BODY[HEADER.FIELDS (…)] key lists, upper case. */
function sectionFields(section: unknown): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(section)) return names;
  for (const part of section) {
    if (!Array.isArray(part)) continue;
    for (const field of part) {
      const value = field && typeof field === "object" && "value" in field ? field.value : undefined;
      if (typeof value === "string") names.add(value.toUpperCase());
    }
  }
  return names;
}

/** The thread section, then References' (last: a References cut at its cap ends the block). */
function joined(thread: Uint8Array | undefined, references: Uint8Array | undefined): Uint8Array | undefined {
  if (!thread || !references) return thread ?? references;
  const both = new Uint8Array(thread.byteLength + references.byteLength);
  both.set(thread, 0);
  both.set(references, thread.byteLength);
  return both;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function internalDate(value: Date | string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isFinite(date.getTime()) ? date : undefined;
}

const TLS_CODES =
  /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET|VERIFY)_|ERR_OSSL|HOSTNAME_MISMATCH)/;
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET", "EPIPE"]);
const TIMEOUT_CODES = new Set(["CONNECT_TIMEOUT", "GREETING_TIMEOUT", "UPGRADE_TIMEOUT", "ETIMEOUT", "ETIMEDOUT", "ESOCKETTIMEDOUT"]);
const TOO_LARGE_CODES = new Set(["LiteralTooLarge", "ResponseTooLarge", "LineTooLarge"]);
const CLOSED_CODES = new Set(["NoConnection", "EConnectionClosed", "ClosedAfterConnectText", "ClosedAfterConnectTLS", "StateLogout"]);

type ImapErrorShape = {
  code?: unknown;
  authenticationFailed?: unknown;
  tlsFailed?: unknown;
  mailboxMissing?: unknown;
  serverResponseCode?: unknown;
  responseStatus?: unknown;
  _err?: unknown;
};

/** What went wrong, in our words: the server's own text is never passed on. */
export function imapFailure(error: unknown, where: string, mailbox?: string, context: { startTls?: boolean } = {}): IntegrationError {
  if (error instanceof IntegrationError) return error;
  const shape = (error && typeof error === "object" ? error : {}) as ImapErrorShape;
  const inner = (shape._err && typeof shape._err === "object" ? shape._err : {}) as ImapErrorShape;
  const code = typeof shape.code === "string" ? shape.code : typeof inner.code === "string" ? inner.code : "";
  const responseCode = typeof shape.serverResponseCode === "string" ? shape.serverResponseCode.toUpperCase() : "";
  if (shape.authenticationFailed === true || responseCode === "AUTHENTICATIONFAILED" || responseCode === "AUTHORIZATIONFAILED") {
    return new IntegrationError(
      SERVICE,
      "auth",
      "The mail server refused the user name or password. Check IMAP_USER and IMAP_PASSWORD (for Gmail, Fastmail or iCloud use an app password).",
    );
  }
  if (shape.tlsFailed === true && context.startTls && !TLS_CODES.test(code)) {
    return new IntegrationError(
      SERVICE,
      "network",
      `The mail server at ${where} does not offer STARTTLS, and the password must not cross the network unencrypted. Use IMAP_TLS=true (usually port 993).`,
    );
  }
  if (shape.tlsFailed === true || TLS_CODES.test(code)) {
    return new IntegrationError(
      SERVICE,
      "network",
      `The mail server's TLS certificate was not accepted (${where}). Check IMAP_HOST is the server's own name; a self-signed certificate needs NODE_EXTRA_CA_CERTS.`,
    );
  }
  if (mailbox !== undefined && (shape.mailboxMissing === true || responseCode === "NONEXISTENT" || code === "NotFound")) {
    return new IntegrationError(SERVICE, "bad_request", `The mailbox "${mailboxName(mailbox)}" does not exist. Check IMAP_MAILBOXES.`);
  }
  if (TOO_LARGE_CODES.has(code)) {
    return new IntegrationError(
      SERVICE,
      "server",
      `The mail server at ${where} sent more than the sync asked for (it ignored the byte range of a header fetch). The sync will try again on its schedule.`,
    );
  }
  if (TIMEOUT_CODES.has(code)) {
    return new IntegrationError(
      SERVICE,
      "timeout",
      `The mail server at ${where} did not answer in time. Check IMAP_HOST, IMAP_PORT and IMAP_TLS (993 is TLS, 143 is not); the sync will try again on its schedule.`,
    );
  }
  if (UNREACHABLE_CODES.has(code)) {
    return new IntegrationError(
      SERVICE,
      "network",
      `Could not reach the mail server at ${where}. Check IMAP_HOST, IMAP_PORT and IMAP_TLS; the sync will try again on its schedule.`,
    );
  }
  if (CLOSED_CODES.has(code)) {
    return new IntegrationError(
      SERVICE,
      "network",
      `The mail server at ${where} closed the connection. Check IMAP_PORT and IMAP_TLS (993 is TLS, 143 is not); the sync will try again on its schedule.`,
    );
  }
  if (mailbox !== undefined && (shape.responseStatus === "NO" || shape.responseStatus === "BAD")) {
    return new IntegrationError(
      SERVICE,
      "bad_request",
      `The mail server would not open the mailbox "${mailboxName(mailbox)}". Check IMAP_MAILBOXES.`,
    );
  }
  const shown = /^[A-Za-z][A-Za-z0-9_]{1,40}$/.test(code) ? ` (${code})` : "";
  return new IntegrationError(
    SERVICE,
    "server",
    `The mail server at ${where} failed in a way we did not expect${shown}. The sync will try again on its schedule.`,
  );
}

/** A mailbox name as the founder wrote it in IMAP_MAILBOXES, kept short and printable. */
function mailboxName(path: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = path.replace(/[\u0000-\u001f\u007f"]/g, "");
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
}
