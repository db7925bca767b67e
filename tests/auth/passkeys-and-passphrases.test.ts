import { describe, expect, it } from "vitest";
import { hashPassphrase, hashToken, passphraseMatches } from "#app/auth/invites.server.ts";
import { createChallenges } from "#app/auth/passkeys.server.ts";
import { createPasscodeGate } from "#app/auth/passcode-attempts.server.ts";

const quiet = () => {};

describe("passkey challenges kept by the server (decision 060)", () => {
  it("answers an id once, with what was kept under it; an unknown id with nothing", () => {
    const challenges = createChallenges<{ at: number; challenge: string }>();
    const id = challenges.keep({ at: 0, challenge: "kept-by-us" });
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(challenges.take("made-up-by-a-client", 1)).toBeUndefined();
    expect(challenges.take(id, 1)?.challenge).toBe("kept-by-us");
    expect(challenges.take(id, 1)).toBeUndefined();
  });

  it("forgets a challenge after 5 minutes, and the oldest when more than it keeps wait", () => {
    const challenges = createChallenges<{ at: number; n: number }>(256);
    const stale = challenges.keep({ at: 0, n: -1 });
    expect(challenges.take(stale, 5 * 60_000)).toBeUndefined();
    const fresh = challenges.keep({ at: 0, n: 0 });
    expect(challenges.take(fresh, 5 * 60_000 - 1)?.n).toBe(0);

    const ids = Array.from({ length: 257 }, (_, n) => challenges.keep({ at: 0, n }));
    expect(challenges.size).toBe(256);
    expect(challenges.take(ids[0]!, 1)).toBeUndefined();
    expect(challenges.take(ids[1]!, 1)?.n).toBe(1);
    expect(challenges.take(ids[256]!, 1)?.n).toBe(256);
  });
});

describe("passphrases and invitation tokens", () => {
  it("stores a passphrase as salted scrypt that only the same passphrase matches", async () => {
    const first = await hashPassphrase("fjord climate is due");
    const second = await hashPassphrase("fjord climate is due");
    expect(first).toMatch(/^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(await passphraseMatches("fjord climate is due", first)).toBe(true);
    expect(await passphraseMatches("fjord climate is due ", first)).toBe(false);
    expect(await passphraseMatches("fjord climate is due", "hmac-sha256$x$y")).toBe(false);
  });

  it("matches a passphrase typed in either Unicode form of the same letters", async () => {
    const stored = await hashPassphrase("ŝalmo brilas forte");
    expect(await passphraseMatches("s\u0302almo brilas forte", stored)).toBe(true);
  });

  it("keeps an invitation token as its SHA-256, never the token", () => {
    const token = "A".repeat(43);
    expect(hashToken(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).not.toContain(token.slice(0, 10));
  });
});

describe("one guess budget for every secret", () => {
  it("makes a client that guessed passphrases wrong wait before its passcode is checked", async () => {
    const time = 0;
    const gate = createPasscodeGate({ now: () => time, writeLog: quiet });
    const source = { kind: "env" as const, passcode: "the-right-passcode" };
    for (let i = 0; i < 11; i++) expect(await gate.attempt({ client: "guesser" }, () => false)).toEqual({ ok: false });
    expect(gate.verify({ client: "guesser" }, "the-right-passcode", source)).toEqual({
      ok: false,
      retryAfterSeconds: 1,
      heldBack: "client",
    });
    let checked = false;
    expect(await gate.attempt({ client: "guesser" }, () => (checked = true))).toMatchObject({ ok: false, heldBack: "client" });
    expect(checked, "a held-back attempt is not checked").toBe(false);
    expect(await gate.attempt({ client: "someone-else" }, () => true)).toEqual({ ok: true });
  });
});
