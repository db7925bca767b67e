import { describe, expect, it } from "vitest";
import { DECK_LINK_TOKEN_PATTERN, deckLinkToken, deckLinkTokenHash, newDeckLinkNonce } from "#app/auth/deck-link-token.server.ts";

describe("deck link tokens", () => {
  it("are derived again from the nonce with the same key, differ by key and nonce, and match their pattern", () => {
    const nonce = newDeckLinkNonce();
    const token = deckLinkToken("key-one-0123456789abcdef0123456789", nonce);
    expect(token).toMatch(DECK_LINK_TOKEN_PATTERN);
    expect(deckLinkToken("key-one-0123456789abcdef0123456789", nonce)).toBe(token);
    expect(deckLinkToken("key-two-0123456789abcdef0123456789", nonce)).not.toBe(token);
    expect(deckLinkToken("key-one-0123456789abcdef0123456789", newDeckLinkNonce())).not.toBe(token);
  });

  it("are kept as a SHA-256 that does not contain them", () => {
    const token = deckLinkToken("key", newDeckLinkNonce());
    const hash = deckLinkTokenHash(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(deckLinkTokenHash(token)).toBe(hash);
  });
});
