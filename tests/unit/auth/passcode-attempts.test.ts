import { describe, expect, it } from "vitest";
import { createPasscodeGate } from "#app/auth/passcode-attempts.server.ts";
import { hashPasscode } from "#app/auth/passcode.server.ts";

const PASSCODE = "abcd-efgh-jkmn-pqrs";

describe("passcode gate", () => {
  it("checks a waiting client's attempt not at all, even the right one, also after a sign-in", () => {
    let time = 0;
    const gate = createPasscodeGate({ now: () => time });
    const source = { kind: "env" as const, passcode: PASSCODE };
    expect(gate.verify("founder", PASSCODE, source)).toEqual({ ok: true }); // remembered from here on
    for (let i = 0; i < 11; i++) expect(gate.verify("guesser", `wrong-${i}`, source)).toEqual({ ok: false });
    expect(gate.verify("guesser", PASSCODE, source)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(gate.verify("founder", PASSCODE, source)).toEqual({ ok: true });
    time += 1_000;
    expect(gate.verify("guesser", PASSCODE, source)).toEqual({ ok: true });
  });

  it("spends at most its budget of slow (scrypt) checks a second, without counting the rest as wrong", () => {
    let time = 0;
    const gate = createPasscodeGate({ now: () => time, slowChecksPerSecond: 2 });
    const source = { kind: "hash" as const, hash: hashPasscode(PASSCODE) };
    expect(gate.verify("a", "wrong-1", source)).toEqual({ ok: false });
    expect(gate.verify("b", "wrong-2", source)).toEqual({ ok: false });
    expect(gate.verify("c", PASSCODE, source)).toEqual({ ok: false, retryAfterSeconds: 1 });
    time += 1_000;
    expect(gate.verify("c", PASSCODE, source)).toEqual({ ok: true });
    // Once the right passcode was seen, checks are cheap and need no budget.
    for (let i = 0; i < 5; i++) expect(gate.verify(`d${i}`, "wrong", source)).toEqual({ ok: false });
    expect(gate.verify("e", PASSCODE, source)).toEqual({ ok: true });
  });
});
