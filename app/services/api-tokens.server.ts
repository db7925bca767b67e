import { insertToken, memberTokenList, revokeMemberToken, type TokenListing } from "#db/queries/member-tokens.server.ts";
import type { App } from "../app-context.ts";
import { newApiToken } from "../auth/api-token.server.ts";

/**
 * A member's personal API tokens on /settings (decision 063): made, listed and revoked by the
 * member themselves only. The new token is returned once, to be shown to its creator; only its
 * hash is stored.
 */

export type { TokenListing };

/** The most live tokens one member may hold: enough for every script, few enough to read. */
export const TOKENS_PER_MEMBER = 20;

/** A token's name as typed: trimmed, one line, 1–80 characters; null when unusable. */
export function tokenName(value: FormDataEntryValue | null): string | null {
  const name = typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
  return name.length >= 1 && name.length <= 80 ? name : null;
}

export function createApiToken(app: App, memberId: number, name: string): { token: string } | "too_many" {
  if (memberTokenList(app.db, memberId).length >= TOKENS_PER_MEMBER) return "too_many";
  const { token, hash } = newApiToken();
  insertToken(app.db, memberId, name, hash, app.now());
  return { token };
}

export function listApiTokens(app: App, memberId: number): TokenListing[] {
  return memberTokenList(app.db, memberId);
}

/** False when the member has no live token by that id: another member's is not theirs to see or revoke. */
export function revokeApiToken(app: App, memberId: number, id: number): boolean {
  return revokeMemberToken(app.db, memberId, id, app.now());
}
