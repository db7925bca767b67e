import { senderVerified } from "./mail-authentication.ts";
import { decodeEncodedWords } from "./mail-encoded-words.ts";
import { capField, ownCopy, parseMessageId, withoutBidiControls, withoutComments } from "./mail-text.ts";

/**
 * Mail capture's pure part (docs/decisions/014-mail-capture.md): from the raw header block an
 * IMAP server returns for `BODY.PEEK[HEADER.FIELDS (FROM TO CC DATE MESSAGE-ID SUBJECT)]`, the
 * mail contacts a message makes — one per real investor it names, nothing else. No I/O: the
 * sync passes the bytes, the server's INTERNALDATE, `now` and the investors' addresses in.
 * Nothing here throws on any input: a broken header gives what can be read of it.
 */

export { decodeEncodedWords };

/** The header fields the sync asks for, and all this module reads. */
export const MAIL_HEADER_FIELDS = ["FROM", "TO", "CC", "DATE", "MESSAGE-ID", "SUBJECT", "AUTHENTICATION-RESULTS"] as const;

/**
 * The most header bytes read of one message (`BODY.PEEK[HEADER.FIELDS (…)]<0.32768>`,
 * decision 017). A normal message's seven fields are under 4 KB; 32 KiB holds a To and Cc of
 * about 700 addresses. A message whose fields fill it is skipped as "header too large": what was
 * cut off could be the From, and a contact read from part of a header could be wrong.
 */
export const HEADER_BYTES_CAP = 32 * 1024;

/** Each field is cut to this many characters before it is parsed (To and Cc get the whole block). */
const FIELD_CAPS = { from: 2_048, date: 256, messageId: 1_024, subject: 4_096, authenticationResults: 4_096 } as const;

export const SUBJECT_MAX_LENGTH = 300;
const MESSAGE_ID_MAX_LENGTH = 500;
/** How far a sender's clock may run ahead of the server's before its Date is not believed. */
const CLOCK_DRIFT_MS = 5 * 60 * 1000;

export type MailDirection = "sent" | "received";

export type MailHeaders = {
  from: string[];
  /** The first From as written (capped): its display name names a connector (mail-threads.ts). */
  fromField: string;
  to: string[];
  cc: string[];
  /** The Date header as written (unfolded, trimmed), or "" when there is none. */
  dateText: string;
  /** The Message-ID as written, angle brackets included, or "" when there is none. */
  messageId: string;
  /** Decoded, whitespace collapsed, trimmed, bidi controls removed, at most SUBJECT_MAX_LENGTH characters. */
  subject: string;
  /** Authentication-Results values, topmost (the receiving server's) first. */
  authenticationResults: string[];
};

export type MailContactDraft = {
  investorId: number;
  messageId: string;
  direction: MailDirection;
  /** ISO-8601 UTC. */
  sentAt: string;
  subject: string;
  /** The From is vouched for by the receiving server (or the message is in the Sent mailbox). */
  verified: boolean;
};

/** Why the sync skipped a message: shown on /settings with its mailbox and UID, nothing else of it. */
export type MailSkipReason = "header_too_large" | "unreadable";

/** Lowercased address → the ids of the (real) investors who have it. */
export type InvestorAddressBook = Map<string, number[]>;

// ---------------------------------------------------------------------------------------------
// Header block

/** Header bytes as text: UTF-8 when they are valid UTF-8 (RFC 6532), else Windows-1252. */
export function headerText(raw: string | Uint8Array): string {
  if (typeof raw === "string") return raw;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder("windows-1252").decode(raw);
  }
}

/** Unfolded header fields by lowercased name, in order; lines that are not a field are skipped. */
export function parseHeaderBlock(raw: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  let name: string | undefined;
  let value = "";
  const flush = () => {
    if (name === undefined) return;
    const list = fields.get(name);
    if (list) list.push(value);
    else fields.set(name, [value]);
    name = undefined;
  };
  for (const line of raw.split(/\r?\n|\r/)) {
    if (line === "") {
      // The blank line that ends the block (IMAP sends one after the fields).
      flush();
      continue;
    }
    if (line[0] === " " || line[0] === "\t") {
      if (name !== undefined) value += line;
      continue;
    }
    flush();
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const fieldName = line.slice(0, colon).trim().toLowerCase();
    if (fieldName === "" || /\s/.test(fieldName)) continue;
    name = fieldName;
    value = line.slice(colon + 1);
  }
  flush();
  return fields;
}

export function parseMailHeaders(raw: string | Uint8Array): MailHeaders {
  const fields = parseHeaderBlock(headerText(raw));
  const all = (key: string) => fields.get(key) ?? [];
  const first = (key: string, max: number) => capField(fields.get(key)?.[0] ?? "", max).trim();
  return {
    from: all("from").flatMap((value) => parseAddressList(capField(value, FIELD_CAPS.from))),
    fromField: capField(fields.get("from")?.[0] ?? "", FIELD_CAPS.from),
    to: all("to").flatMap(parseAddressList),
    cc: all("cc").flatMap(parseAddressList),
    dateText: collapse(first("date", FIELD_CAPS.date)),
    messageId: parseMessageId(first("message-id", FIELD_CAPS.messageId), MESSAGE_ID_MAX_LENGTH),
    subject: cleanSubject(decodeEncodedWords(first("subject", FIELD_CAPS.subject))),
    authenticationResults: all("authentication-results")
      .slice(0, 1)
      .map((value) => capField(value, FIELD_CAPS.authenticationResults)),
  };
}

// ---------------------------------------------------------------------------------------------
// Address lists

/**
 * The addresses in an RFC 5322 address list, lowercased: `"Doe, Jane" <Jane@Fund.COM>`, bare
 * `a@b.com`, `a@b.com (Jane)`, groups (`Team: a@b.com, c@d.com;`, `undisclosed-recipients:;`).
 * Display names and comments never count as addresses. Anything without an @ is dropped.
 */
export function parseAddressList(value: string): string[] {
  const addresses: string[] = [];
  let element = "";
  let angle: string | undefined;
  let inAngle = false;
  const finish = () => {
    const candidate = angle ?? element;
    const address = cleanAddress(candidate);
    if (address) addresses.push(address);
    element = "";
    angle = undefined;
    inAngle = false;
  };
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (inAngle) {
      if (char === ">") inAngle = false;
      else angle += char;
      continue;
    }
    if (char === '"') {
      // A quoted string: a display name (skipped), or the local part of a bare address.
      let quoted = "";
      for (i++; i < value.length && value[i] !== '"'; i++) {
        if (value[i] === "\\") i++;
        quoted += value[i] ?? "";
      }
      element += `"${quoted}"`;
      continue;
    }
    if (char === "(") {
      let depth = 1;
      for (i++; i < value.length && depth > 0; i++) {
        if (value[i] === "\\") i++;
        else if (value[i] === "(") depth++;
        else if (value[i] === ")") depth--;
      }
      i--;
      element += " ";
      continue;
    }
    if (char === "<") {
      inAngle = true;
      angle = "";
      continue;
    }
    if (char === ":") {
      // A group's name ends here (or an obsolete route inside brackets, handled by cleanAddress).
      element = "";
      angle = undefined;
      continue;
    }
    if (char === "," || char === ";") {
      finish();
      continue;
    }
    element += char;
  }
  finish();
  return addresses;
}

function cleanAddress(candidate: string): string | undefined {
  // An obsolete source route (<@relay.example:jane@fund.com>) keeps only the address.
  let text = candidate.includes(":") ? candidate.slice(candidate.lastIndexOf(":") + 1) : candidate;
  text = text.replace(/[\s<>]+/g, "").toLowerCase();
  if (text.startsWith("mailto:")) text = text.slice(7);
  const at = text.lastIndexOf("@");
  if (at <= 0 || at === text.length - 1) return undefined;
  // A quoted local part keeps its quotes only when it needs them; "jane"@fund.com is jane@fund.com.
  const local = text.slice(0, at);
  const unquoted = /^"[^"\\\s]*"$/.test(local) ? local.slice(1, -1) : local;
  if (unquoted === "" || text.length > 320) return undefined;
  return `${unquoted}${text.slice(at)}`;
}

/** The addresses in an investor's email field (normally one; "Jane <jane@x.com>" also works). */
export function investorAddresses(email: string | null | undefined): string[] {
  if (!email) return [];
  return [...new Set(parseAddressList(email))];
}

// ---------------------------------------------------------------------------------------------
// Date, Message-ID, Subject

const MONTHS: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };
// RFC 5322 §4.3 obsolete zones; military letters and unknown names count as -0000 (UTC).
const ZONES: Record<string, number> = {
  ut: 0,
  gmt: 0,
  z: 0,
  utc: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

/** A Date header as a time, or undefined when it cannot be read as one. Never uses local time. */
export function parseMailDate(text: string): Date | undefined {
  const clean = collapse(withoutComments(text));
  if (clean === "") return undefined;
  const rfc =
    /^(?:[A-Za-z]{2,9},?\s*)?(\d{1,2})[\s-]+([A-Za-z]{3})[A-Za-z]*\.?[\s-]+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([+-]\d{2}:?\d{2}|[A-Za-z]{1,5})?/.exec(
      clean,
    );
  if (rfc) {
    const [, day, monthName, yearText, hour, minute, second, zone] = rfc;
    const month = MONTHS[(monthName ?? "").toLowerCase()];
    if (month === undefined) return undefined;
    let year = Number(yearText);
    if (yearText!.length === 2) year += year < 50 ? 2000 : 1900;
    else if (yearText!.length === 3) year += 1900;
    const h = Number(hour);
    const m = Number(minute);
    const s = Number(second ?? 0);
    const d = Number(day);
    if (d < 1 || d > 31 || h > 23 || m > 59 || s > 60) return undefined;
    const utc = Date.UTC(year, month, d, h, m, Math.min(s, 59)) - zoneMinutes(zone) * 60_000;
    return Number.isFinite(utc) ? new Date(utc) : undefined;
  }
  // Some software writes ISO 8601; only with an explicit zone (never the machine's local time).
  const iso = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i.exec(clean);
  if (iso) {
    const time = Date.parse(clean.replace(" ", "T").replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
    return Number.isFinite(time) ? new Date(time) : undefined;
  }
  return undefined;
}

function zoneMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3]);
    return minutes > 24 * 60 ? 0 : numeric[1] === "-" ? -minutes : minutes;
  }
  return ZONES[zone.toLowerCase()] ?? 0;
}

/**
 * When the message was sent: its Date header; the server's INTERNALDATE when that is missing or
 * unreadable, or when the header claims a time after the server received the message (more than
 * a few minutes of clock drift) or after now — the INTERNALDATE or now, whichever is earlier. A
 * sender's wrong clock must not put a contact in the future, nor date a reply after the founder's
 * answer to it.
 */
export function messageTime(dateText: string, internalDate: Date | undefined, now: Date): Date {
  const internal = internalDate && Number.isFinite(internalDate.getTime()) ? internalDate : undefined;
  const fallback = internal && internal.getTime() <= now.getTime() ? internal : now;
  const stated = parseMailDate(dateText);
  if (!stated) return fallback;
  if (internal && stated.getTime() > internal.getTime() + CLOCK_DRIFT_MS) return fallback;
  if (stated.getTime() > now.getTime()) return fallback;
  return stated;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function cleanSubject(text: string): string {
  // Control characters (a NUL, an escape) have no place in a subject line.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = collapse(withoutBidiControls(text.replace(/[\u0000-\u001f\u007f]/g, " ")));
  const chars = Array.from(clean);
  return chars.length <= SUBJECT_MAX_LENGTH ? clean : chars.slice(0, SUBJECT_MAX_LENGTH).join("").trimEnd();
}

/**
 * A stable id for a message without a Message-ID: a hash of its Date, From, To and Subject, so
 * the copy in Inbox and the copy in Sent still count as one message.
 */
export function syntheticMessageId(headers: Pick<MailHeaders, "dateText" | "from" | "to" | "subject">): string {
  const key = [headers.dateText, headers.from.join(","), headers.to.join(","), headers.subject].join("\n");
  return `<synthetic.${stableHash(key)}@investor-pipeline.invalid>`;
}

/** A 106-bit non-cryptographic hash as hex (two 53-bit cyrb53 halves): stable across runs and runtimes. */
export function stableHash(text: string): string {
  return `${cyrb53(text, 0x9e3779b9).toString(16).padStart(14, "0")}${cyrb53(text, 0x85ebca6b).toString(16).padStart(14, "0")}`;
}

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The hash of a set of investor addresses: when it changes, old mail is read again. */
export function addressesHash(addresses: Iterable<string>): string {
  return stableHash([...new Set(addresses)].sort().join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Matching

/**
 * Whose mailbox this is: the founder's own addresses (IMAP_USER when it is one) and whether the
 * message was found in the mailbox flagged \Sent, which holds only what the founder sent.
 */
export type MailOwner = { addresses: ReadonlySet<string>; sentMailbox: boolean };

export const UNKNOWN_OWNER: MailOwner = { addresses: new Set(), sentMailbox: false };

/** A message as the sync fetched it: its header fields' bytes (undefined when the server sent none). */
export type FetchedMessage = { headers: string | Uint8Array | undefined; internalDate?: Date | undefined };

/**
 * What one message gives: the mail contacts it makes, or why it was skipped. A block that fills
 * HEADER_BYTES_CAP was cut by the server at the cap: "header too large". Fields the server did not
 * send, or a parse that fails: "unreadable". Never throws.
 */
export function readMessage(
  message: FetchedMessage,
  book: InvestorAddressBook,
  now: Date,
  owner: MailOwner = UNKNOWN_OWNER,
): { contacts: MailContactDraft[]; skipped?: MailSkipReason; headers?: MailHeaders } {
  if (message.headers === undefined) return { contacts: [], skipped: "unreadable" };
  const size = typeof message.headers === "string" ? message.headers.length : message.headers.byteLength;
  if (size >= HEADER_BYTES_CAP) return { contacts: [], skipped: "header_too_large" };
  try {
    // The parsed fields go back too: pair statistics read the same message without parsing it again.
    const headers = parseMailHeaders(message.headers);
    return { contacts: contactsFrom(headers, message.internalDate, book, now, owner), headers };
  } catch {
    return { contacts: [], skipped: "unreadable" };
  }
}

/**
 * The mail contacts one message makes: one per investor named in From, To or Cc. A message from
 * an investor is `received`. An investor only in To or Cc is `sent` when the founder sent the
 * message (it is in the Sent mailbox, or its From is one of the founder's addresses) and
 * `received` otherwise — an introduction from someone else copying the investor is a message
 * waiting on the founder, not one the founder wrote. A message that names no investor makes none.
 * Each contact says whether its From is verified (decision 017): the Sent mailbox is the
 * founder's own; elsewhere the receiving server's Authentication-Results must vouch for it.
 */
export function mailContactsFor(message: FetchedMessage, book: InvestorAddressBook, now: Date, owner: MailOwner = UNKNOWN_OWNER) {
  return readMessage(message, book, now, owner).contacts;
}

function contactsFrom(
  headers: MailHeaders,
  internalDate: Date | undefined,
  book: InvestorAddressBook,
  now: Date,
  owner: MailOwner,
): MailContactDraft[] {
  if (book.size === 0) return [];
  const direction = new Map<number, MailDirection>();
  for (const address of headers.from) for (const id of book.get(address) ?? []) direction.set(id, "received");
  const byFounder = owner.sentMailbox || headers.from.some((address) => owner.addresses.has(address));
  for (const list of [headers.to, headers.cc]) {
    for (const address of list) {
      for (const id of book.get(address) ?? []) if (!direction.has(id)) direction.set(id, byFounder ? "sent" : "received");
    }
  }
  if (direction.size === 0) return [];
  // Copies: what is stored must not keep the header block alive.
  const messageId = ownCopy(headers.messageId || syntheticMessageId(headers));
  const subject = ownCopy(headers.subject);
  const sentAt = messageTime(headers.dateText, internalDate, now).toISOString();
  const verified = owner.sentMailbox || senderVerified(headers.authenticationResults, headers.from);
  return [...direction].map(([investorId, dir]) => ({ investorId, messageId, direction: dir, sentAt, subject, verified }));
}
