import { withoutComments } from "./mail-text.ts";

/**
 * Whether a message's From is vouched for (docs/decisions/017-mail-under-attack.md): anyone can
 * write `From: jane@fund.com`; only the receiving mail server can say it checked. That server
 * records its checks in an `Authentication-Results` field (RFC 8601) added at the top of the
 * header, above any the sender wrote, so only the topmost one is read. The From is verified when
 * that field shows `dmarc=pass` for the From's domain, or `dkim=pass` with a signing domain the
 * From's domain is (or is under). Anything else — no field, `fail`, `none`, another domain, more
 * than one From address — is unverified.
 */

type AuthResult = { method: string; result: string; properties: Map<string, string> };

/** The results of one Authentication-Results value: `authserv-id; method=result prop=value …; …`. */
export function parseAuthenticationResults(value: string): AuthResult[] {
  const results: AuthResult[] = [];
  const parts = withoutComments(value).split(";");
  // The first part is the server's own id (and an optional version); "none" results have no more parts.
  for (const part of parts.slice(1)) {
    const words = part.split(/[ \t\r\n]/).filter((word) => word !== "");
    const [head, ...rest] = words;
    if (!head) continue;
    const equals = head.indexOf("=");
    if (equals <= 0) continue;
    const properties = new Map<string, string>();
    for (const word of rest) {
      const at = word.indexOf("=");
      if (at <= 0) continue;
      properties.set(word.slice(0, at).toLowerCase(), unquote(word.slice(at + 1)).toLowerCase());
    }
    results.push({
      method: head.slice(0, equals).toLowerCase(),
      result: unquote(head.slice(equals + 1)).toLowerCase(),
      properties,
    });
  }
  return results;
}

function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/** `domain` is the signing domain or under it (DMARC's relaxed alignment, without a suffix list). */
function aligned(domain: string, signer: string): boolean {
  return signer !== "" && (domain === signer || domain.endsWith(`.${signer}`));
}

/**
 * Whether the topmost Authentication-Results (the receiving server's) shows the one From
 * address's domain passing DMARC, or a passing DKIM signature aligned with it.
 */
export function senderVerified(authenticationResults: readonly string[], from: readonly string[]): boolean {
  const top = authenticationResults[0];
  if (top === undefined || from.length !== 1) return false;
  const address = from[0]!;
  const domain = address.slice(address.lastIndexOf("@") + 1);
  if (domain === "") return false;
  for (const { method, result, properties } of parseAuthenticationResults(top)) {
    if (result !== "pass") continue;
    if (method === "dmarc") {
      const checked = properties.get("header.from");
      if (checked === undefined || checked === domain) return true;
    }
    if (method === "dkim") {
      const signer = properties.get("header.d") ?? properties.get("header.i")?.slice(properties.get("header.i")!.lastIndexOf("@") + 1);
      if (signer !== undefined && aligned(domain, signer)) return true;
    }
  }
  return false;
}

/**
 * Whether the receiving server says the From is forged: its topmost Authentication-Results shows
 * `dmarc=fail` for the From's domain. Narrower than "not verified": a mailbox with no such field
 * (a small host, a test server) says nothing either way, and is not called forged.
 */
export function senderForged(authenticationResults: readonly string[], from: readonly string[]): boolean {
  const top = authenticationResults[0];
  const address = from[0];
  if (top === undefined || address === undefined) return false;
  const domain = address.slice(address.lastIndexOf("@") + 1);
  for (const { method, result, properties } of parseAuthenticationResults(top)) {
    if (method !== "dmarc" || result !== "fail") continue;
    const checked = properties.get("header.from");
    if (checked === undefined || checked === domain) return true;
  }
  return false;
}
