import { decodeEncodedWords } from "./mail-encoded-words.ts";
import { senderForged } from "./mail-authentication.ts";
import {
  type FetchedMessage,
  HEADER_BYTES_CAP,
  type MailHeaders,
  headerText,
  messageTime,
  parseHeaderBlock,
  parseMailHeaders,
  syntheticMessageId,
} from "./mail.ts";
import { capField, ownCopy, parseMessageId, withoutBidiControls } from "./mail-text.ts";

/**
 * Who wrote with whom, from the header fields mail capture already reads (docs/product.md#paths-from-mail,
 * decision 065 "Paths from mail"). Pure, linear and capped like app/domain/mail.ts: the sync passes
 * a fetched message in, and gets the message's key, its thread's key, its sender (with the display
 * name) and the recipients the sender wrote to — or nothing, when the message is bulk mail or a
 * broadcast. Nothing here throws.
 */

/**
 * The fields a thread and a bulk sender need, fetched as a section of their own so a long
 * References (a thread of 10,000 replies) never pushes the other fields past HEADER_BYTES_CAP.
 * References comes last in its own section (REFERENCE_FIELDS): cut at its cap, it still holds its
 * first Message-ID, the only one read.
 */
export const THREAD_HEADER_FIELDS = ["IN-REPLY-TO", "LIST-ID", "LIST-UNSUBSCRIBE", "PRECEDENCE", "AUTO-SUBMITTED"] as const;
export const REFERENCE_FIELDS = ["REFERENCES"] as const;
/** Bytes read of each of those two sections. Cut there, a section is still read (only its start matters). */
export const THREAD_BYTES_CAP = 4 * 1024;
export const REFERENCES_BYTES_CAP = 2 * 1024;

/**
 * A message naming more recipients than this (To and Cc) is a broadcast, not a relationship: it
 * makes no pairs. It also bounds what one message can add: at most this many pairs.
 */
export const MAX_PAIR_RECIPIENTS = 30;

const MESSAGE_ID_MAX_LENGTH = 500;
const NAME_MAX_LENGTH = 120;

/** The thread and bulk fields of a message as read. */
export type ThreadHeaders = {
  inReplyTo: string;
  /** The first Message-ID of References: the thread's root. */
  firstReference: string;
  listId: boolean;
  listUnsubscribe: boolean;
  precedence: string;
  autoSubmitted: string;
};

/** One message as pair statistics count it: who wrote it, to whom, in which thread, when. */
export type MailPairMessage = {
  messageId: string;
  threadKey: string;
  from: string;
  /** The From's display name, decoded and cleaned; "" when it has none. */
  fromName: string;
  /** To and Cc without the sender, each once, at most MAX_PAIR_RECIPIENTS. */
  recipients: string[];
  /** ISO-8601 UTC. */
  sentAt: string;
};

/** Why a message makes no pairs (counted, never shown one by one). */
export type PairSkipReason = "bulk" | "broadcast" | "no_sender" | "unreadable" | "forged";

/** A fetched message with the thread sections next to its main header block. */
export type FetchedThreadMessage = FetchedMessage & { threadHeaders?: string | Uint8Array | undefined };

export function parseThreadHeaders(raw: string | Uint8Array | undefined): ThreadHeaders {
  const fields = parseHeaderBlock(raw === undefined ? "" : headerText(raw));
  const first = (key: string) => capField(fields.get(key)?.[0] ?? "", THREAD_BYTES_CAP).trim();
  return {
    inReplyTo: parseMessageId(first("in-reply-to"), MESSAGE_ID_MAX_LENGTH),
    firstReference: parseMessageId(first("references"), MESSAGE_ID_MAX_LENGTH),
    listId: fields.has("list-id"),
    listUnsubscribe: fields.has("list-unsubscribe"),
    precedence: first("precedence").toLowerCase(),
    autoSubmitted: first("auto-submitted").toLowerCase(),
  };
}

/** The thread a message belongs to: the first Message-ID of References, else In-Reply-To, else its own. */
export function threadKeyOf(thread: Pick<ThreadHeaders, "firstReference" | "inReplyTo">, messageId: string): string {
  return thread.firstReference || thread.inReplyTo || messageId;
}

/**
 * Mail sent to a list or by a machine (RFC 2369 list headers, RFC 3834 Auto-Submitted, the old
 * Precedence bulk/list/junk). A person's own reply carries none of these.
 */
export function isBulkMail(thread: ThreadHeaders): boolean {
  if (thread.listId || thread.listUnsubscribe) return true;
  const precedence = thread.precedence.split(/[\s;]/)[0] ?? "";
  if (precedence === "bulk" || precedence === "list" || precedence === "junk") return true;
  const auto = thread.autoSubmitted.split(/[\s;(]/)[0] ?? "";
  return auto !== "" && auto !== "no";
}

const MACHINE_LOCAL_PARTS = /^(?:no-?reply|do-?not-?reply|donotreply|mailer-daemon|postmaster|notifications?|bounces?)(?:[+.-].*)?$/;

/** An address no person writes from: no-reply, mailer-daemon, notifications@ and the like. */
export function isMachineAddress(address: string): boolean {
  const at = address.lastIndexOf("@");
  const local = at < 0 ? address : address.slice(0, at);
  return local.length <= 64 && MACHINE_LOCAL_PARTS.test(local);
}

/**
 * What one message adds to pair statistics, or why it adds nothing. A message the main block was
 * skipped for (too large, unreadable) is skipped here too; bulk mail, a machine sender and a
 * broadcast (more than MAX_PAIR_RECIPIENTS recipients) make no pairs.
 */
export function pairMessageOf(
  message: FetchedThreadMessage,
  now: Date,
  parsed?: MailHeaders,
): { message?: MailPairMessage; skipped?: PairSkipReason } {
  if (message.headers === undefined) return { skipped: "unreadable" };
  const size = typeof message.headers === "string" ? message.headers.length : message.headers.byteLength;
  if (size >= HEADER_BYTES_CAP) return { skipped: "unreadable" };
  try {
    const thread = parseThreadHeaders(message.threadHeaders);
    if (isBulkMail(thread)) return { skipped: "bulk" };
    // The sync passes the fields readMessage parsed; alone (tests), the block is parsed here.
    const headers = parsed ?? parseMailHeaders(message.headers);
    const from = headers.from[0];
    if (from === undefined) return { skipped: "no_sender" };
    if (isMachineAddress(from)) return { skipped: "bulk" };
    // A From the receiving server found forged (dmarc=fail) wrote nothing: else anyone could mail the
    // founder "from" a partner to a third address and, answering from it, become a strong path.
    if (senderForged(headers.authenticationResults, headers.from)) return { skipped: "forged" };
    const recipients: string[] = [];
    const seen = new Set<string>([from]);
    for (const address of [...headers.to, ...headers.cc]) {
      if (seen.has(address)) continue;
      seen.add(address);
      recipients.push(address);
      if (recipients.length > MAX_PAIR_RECIPIENTS) return { skipped: "broadcast" };
    }
    const messageId = ownCopy(headers.messageId || syntheticMessageId(headers));
    return {
      message: {
        messageId,
        threadKey: ownCopy(threadKeyOf(thread, messageId)),
        from: ownCopy(from),
        fromName: ownCopy(displayNameOf(headers.fromField)),
        recipients: recipients.map(ownCopy),
        sentAt: messageTime(headers.dateText, message.internalDate, now).toISOString(),
      },
    };
  } catch {
    return { skipped: "unreadable" };
  }
}

/**
 * The display name of the first mailbox of an address list: `"Berg, Lena" <lena@x.com>` → "Berg,
 * Lena", `Lena Berg <lena@x.com>` → "Lena Berg", `lena@x.com (Lena Berg)` → "Lena Berg", RFC 2047
 * words decoded; "" when there is none or it is only an address. One pass over at most 2 KB.
 */
export function displayNameOf(field: string): string {
  let name = "";
  let comment = "";
  for (let i = 0; i < field.length; i++) {
    const char = field[i]!;
    if (char === '"') {
      for (i++; i < field.length && field[i] !== '"'; i++) {
        if (field[i] === "\\") i++;
        name += field[i] ?? "";
      }
      continue;
    }
    if (char === "(") {
      let depth = 1;
      for (i++; i < field.length && depth > 0; i++) {
        const inner = field[i]!;
        if (inner === "\\") i++;
        else if (inner === "(") depth++;
        else if (inner === ")") depth--;
        if (depth > 0 && comment.length < NAME_MAX_LENGTH * 2) comment += field[i] ?? "";
      }
      // An unclosed comment runs to the end: nothing in it is a name.
      if (depth > 0) return "";
      i--;
      continue;
    }
    if (char === "<") {
      // The address in brackets: the name is what came before it.
      return cleanName(name) || cleanName(comment);
    }
    if (char === "," || char === ";") break;
    if (name.length < NAME_MAX_LENGTH * 4) name += char;
  }
  // A bare address: only a comment can name it.
  return cleanName(comment);
}

function cleanName(raw: string): string {
  const decoded = decodeEncodedWords(raw.trim());
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = withoutBidiControls(decoded.replace(/[\u0000-\u001f\u007f]/g, " "))
    .replace(/\s+/g, " ")
    .trim();
  if (clean === "" || clean.includes("@")) return "";
  return clean.slice(0, NAME_MAX_LENGTH);
}
