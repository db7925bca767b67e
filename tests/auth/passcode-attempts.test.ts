import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPasscodeGate } from "#app/auth/passcode-attempts.server.ts";
import { hashPasscode } from "#app/auth/passcode.server.ts";

const PASSCODE = "abcd-efgh-jkmn-pqrs";
const quiet = () => {};
const from = (client: string, device?: string) => ({ client, device });

/** The form stored before decision 019. */
function scryptHash(passcode: string): string {
  const salt = Buffer.from("0123456789abcdef");
  return `scrypt$${salt.toString("base64url")}$${scryptSync(passcode, salt, 32).toString("base64url")}`;
}

describe("passcode gate", () => {
  it("checks a waiting client's attempt not at all, even the right one", () => {
    let time = 0;
    const gate = createPasscodeGate({ now: () => time, writeLog: quiet });
    const source = { kind: "env" as const, passcode: PASSCODE };
    expect(gate.verify(from("founder"), PASSCODE, source)).toEqual({ ok: true });
    for (let i = 0; i < 11; i++) expect(gate.verify(from("guesser"), `wrong-${i}`, source)).toEqual({ ok: false });
    expect(gate.verify(from("guesser"), PASSCODE, source)).toEqual({ ok: false, retryAfterSeconds: 1, heldBack: "client" });
    expect(gate.verify(from("founder"), PASSCODE, source)).toEqual({ ok: true });
    time += 1_000;
    expect(gate.verify(from("guesser"), PASSCODE, source)).toEqual({ ok: true });
  });

  it("past the ceiling checks no attempt from an unknown browser, and every attempt from a known one", () => {
    let time = 0;
    const gate = createPasscodeGate({ now: () => time, ceilingPerMinute: 20, writeLog: quiet });
    const source = { kind: "env" as const, passcode: PASSCODE };
    // 20 addresses, one wrong guess each: nobody is slowed per address, but the ceiling is reached.
    for (let i = 0; i < 20; i++) expect(gate.verify(from(`10.0.0.${i}`), "wrong", source)).toEqual({ ok: false });
    const fresh = gate.verify(from("10.0.1.1"), PASSCODE, source);
    expect(fresh).toMatchObject({ ok: false, heldBack: "everyone" });
    expect(fresh.ok ? 0 : fresh.retryAfterSeconds).toBe(60);
    // The founder's browser that signed in before is checked: right is right, wrong is wrong.
    expect(gate.verify(from("10.0.1.1", "device-a"), PASSCODE, source)).toEqual({ ok: true });
    expect(gate.verify(from("10.0.1.1", "device-a"), "typo", source)).toEqual({ ok: false });
    // A minute after those guesses, everyone is checked again.
    time += 60_000;
    expect(gate.verify(from("10.0.1.1"), PASSCODE, source)).toEqual({ ok: true });
  });

  it("counts a known browser's wrong guesses against the browser, not its address", () => {
    const gate = createPasscodeGate({ now: () => 0, writeLog: quiet });
    const source = { kind: "env" as const, passcode: PASSCODE };
    for (let i = 0; i < 12; i++) gate.verify(from("shared"), `wrong-${i}`, source);
    expect(gate.verify(from("shared"), PASSCODE, source)).toMatchObject({ ok: false, heldBack: "client" });
    expect(gate.verify(from("shared", "device-a"), PASSCODE, source)).toEqual({ ok: true });
  });

  it("checks the generated passcode for everyone, ceiling or not: 79 random bits need no ceiling", () => {
    const gate = createPasscodeGate({ now: () => 0, ceilingPerMinute: 20, writeLog: quiet });
    const source = { kind: "hash" as const, hash: hashPasscode(PASSCODE) };
    for (let i = 0; i < 500; i++) expect(gate.verify(from(`10.1.${i >> 8}.${i & 255}`), `wrong-${i}`, source)).toEqual({ ok: false });
    expect(gate.verify(from("10.2.0.1"), PASSCODE, source)).toEqual({ ok: true });
  });

  it("spends at most its budget of slow checks on a hash stored before decision 019, without counting the rest as wrong", () => {
    let time = 0;
    const gate = createPasscodeGate({ now: () => time, slowChecksPerSecond: 2, writeLog: quiet });
    const source = { kind: "hash" as const, hash: scryptHash(PASSCODE) };
    expect(gate.verify(from("a"), "wrong-1", source)).toEqual({ ok: false });
    expect(gate.verify(from("b"), "wrong-2", source)).toEqual({ ok: false });
    expect(gate.verify(from("c"), PASSCODE, source)).toEqual({ ok: false, retryAfterSeconds: 1, heldBack: "everyone" });
    time += 1_000;
    expect(gate.verify(from("c"), PASSCODE, source)).toEqual({ ok: true });
  });
});
