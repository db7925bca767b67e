import type { InvestorProfile } from "../investor.ts";
import { websiteDomain } from "./cells.ts";

/**
 * Who a row is. Same email (any case) is the same investor. Else the same name is the same
 * investor unless their website domains differ or their firms differ: two firms named "Better
 * Ventures" (better.vc and betterventures.io) are two investors; the same name at the same domain
 * is one.
 */

export type Identity = { name: string; email?: string; firm?: string; domain?: string };

/** Email identity: case never distinguishes two mailboxes in practice. */
export function emailKey(email: string | null | undefined): string | undefined {
  const key = email?.trim().toLowerCase();
  return key ? key : undefined;
}

/** NFC so a composed "ë" and "e" + combining diaeresis are the same; case and spacing folded. */
export function nameKey(name: string): string {
  return name.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
}

export function identityOf(investor: Pick<InvestorProfile, "name" | "email" | "firm" | "website"> | ExistingLike): Identity {
  const identity: Identity = { name: investor.name };
  const email = emailKey(investor.email);
  if (email) identity.email = email;
  const firm = investor.firm ? nameKey(investor.firm) : "";
  if (firm) identity.firm = firm;
  const domain = websiteDomain(investor.website);
  if (domain) identity.domain = domain;
  return identity;
}

type ExistingLike = { name: string; email?: string | null; firm?: string | null; website?: string | null };

/** Same name, and nothing that tells them apart (a different domain or a different firm). */
export function sameInvestor(a: Identity, b: Identity): boolean {
  if (nameKey(a.name) !== nameKey(b.name)) return false;
  if (a.domain && b.domain && a.domain !== b.domain) return false;
  if (a.firm && b.firm && a.firm !== b.firm) return false;
  return true;
}
