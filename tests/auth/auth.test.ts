import { describe, expect, it } from "vitest";
import { hasCronBearer } from "#app/auth/cron.server.ts";
import { safeRedirectPath } from "#app/auth/login.ts";
import { isForeignOriginRequest, isForeignOriginWrite } from "#app/auth/origin.ts";
import { checkPasscode, generatePasscode, hashPasscode } from "#app/auth/passcode.server.ts";
import { secretsMatch } from "#app/auth/secret-compare.server.ts";
import { readCookie } from "#app/auth/session.server.ts";

function requestWith(headers: Record<string, string>, method = "GET", url = "http://app.test/api/x") {
  return new Request(url, { method, headers });
}

describe("cron bearer", () => {
  it("accepts only the exact CRON_SECRET", () => {
    expect(hasCronBearer(requestWith({ authorization: "Bearer cron-123" }), "cron-123")).toBe(true);
    expect(hasCronBearer(requestWith({ authorization: "Bearer cron-124" }), "cron-123")).toBe(false);
    expect(hasCronBearer(requestWith({ authorization: "Basic cron-123" }), "cron-123")).toBe(false);
    expect(hasCronBearer(requestWith({}), "cron-123")).toBe(false);
  });

  it("refuses everyone when CRON_SECRET is not set", () => {
    expect(hasCronBearer(requestWith({ authorization: "Bearer " }), undefined)).toBe(false);
    expect(hasCronBearer(requestWith({ authorization: "Bearer undefined" }), undefined)).toBe(false);
  });
});

describe("passcode", () => {
  it("checks against ADMIN_PASSCODE when set", () => {
    const source = { kind: "env" as const, passcode: "open-sesame" };
    expect(checkPasscode("open-sesame", source)).toBe(true);
    expect(checkPasscode("open-sesamE", source)).toBe(false);
    expect(checkPasscode("", source)).toBe(false);
    expect(checkPasscode(null, source)).toBe(false);
  });

  it("checks against the stored hash of a generated passcode", () => {
    const passcode = generatePasscode();
    expect(passcode).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const hash = hashPasscode(passcode);
    expect(hash).not.toContain(passcode);
    expect(checkPasscode(passcode, { kind: "hash", hash })).toBe(true);
    expect(checkPasscode(`${passcode}x`, { kind: "hash", hash })).toBe(false);
    expect(checkPasscode(passcode, { kind: "hash", hash: "garbage" })).toBe(false);
  });

  it("compares secrets of different lengths without throwing", () => {
    expect(secretsMatch("a", "a-much-longer-secret")).toBe(false);
    expect(secretsMatch("same", "same")).toBe(true);
  });
});

describe("session cookie", () => {
  it("reads one cookie among several", () => {
    expect(readCookie("a=1; ipi_session=abc%2E; b=2", "ipi_session")).toBe("abc.");
    expect(readCookie("a=1", "ipi_session")).toBeUndefined();
    expect(readCookie(null, "ipi_session")).toBeUndefined();
    // Not decodable: no cookie, not an exception.
    expect(readCookie("ipi_session=%; b=2", "ipi_session")).toBeUndefined();
    expect(readCookie("__Host-ipi_session=%E0%A4%A", "__Host-ipi_session")).toBeUndefined();
  });
});

describe("CSRF origin rule", () => {
  it("refuses a write from a foreign Origin", () => {
    expect(isForeignOriginWrite("POST", "https://evil.example", "https://app.test")).toBe(true);
    expect(isForeignOriginWrite("PATCH", "null", "https://app.test")).toBe(true);
    expect(isForeignOriginWrite("DELETE", "not a url", "https://app.test")).toBe(true);
    expect(isForeignOriginRequest(requestWith({ origin: "http://evil.example" }, "POST"))).toBe(true);
  });

  it("compares the scheme too: an https page is not the app when the app believes it is on http", () => {
    expect(isForeignOriginWrite("POST", "https://app.test", "http://app.test")).toBe(true);
    expect(isForeignOriginWrite("POST", "http://app.test:8080", "http://app.test")).toBe(true);
    expect(isForeignOriginRequest(requestWith({ origin: "https://app.test" }, "POST"))).toBe(true);
  });

  it("allows same-origin writes, writes without Origin, and reads", () => {
    expect(isForeignOriginWrite("POST", "https://app.test", "https://app.test")).toBe(false);
    expect(isForeignOriginWrite("POST", "https://app.test:443", "https://app.test")).toBe(false);
    expect(isForeignOriginWrite("POST", undefined, "https://app.test")).toBe(false);
    expect(isForeignOriginWrite("GET", "https://evil.example", "https://app.test")).toBe(false);
    expect(isForeignOriginRequest(requestWith({ origin: "http://app.test" }, "POST"))).toBe(false);
  });
});

describe("sign-in redirect", () => {
  it("only follows same-site paths", () => {
    expect(safeRedirectPath("/investors/3")).toBe("/investors/3");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(null)).toBe("/");
  });
});

describe("device cookie", () => {
  it("accepts only a value signed with the session key, and keeps its signatures apart from the session's", async () => {
    const { createDevice, deviceId } = await import("#app/auth/device.server.ts");
    const secret = "device-test-secret-0123456789abcdef0123";
    const value = createDevice(secret);
    expect(deviceId(value, secret)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceId(value, `${secret}x`)).toBeUndefined();
    const [, id] = value.split(".");
    expect(deviceId(`d1.${id}.${"A".repeat(43)}`, secret)).toBeUndefined();
    expect(deviceId(`v2.${id}.${value.split(".")[2]}`, secret)).toBeUndefined();
    for (const junk of [undefined, "", "d1", "d1..", `d1.${id}`, "%", "d1.a.b.c"]) expect(deviceId(junk, secret)).toBeUndefined();
  });
});

describe("stored passcode hash", () => {
  it("is a keyed hash (fast), and the scrypt form stored before decision 019 still reads", async () => {
    const { scryptSync } = await import("node:crypto");
    const { isSlowHash, verifyPasscodeHash } = await import("#app/auth/passcode.server.ts");
    const hash = hashPasscode("abcd-efgh-jkmn-pqrs");
    expect(hash).toMatch(/^hmac-sha256\$[A-Za-z0-9_-]{43}\$[A-Za-z0-9_-]{43}$/);
    expect(isSlowHash(hash)).toBe(false);
    // A fresh random key each time: the same passcode never gives the same stored value.
    expect(hashPasscode("abcd-efgh-jkmn-pqrs")).not.toBe(hash);
    const salt = Buffer.from("0123456789abcdef");
    const legacy = `scrypt$${salt.toString("base64url")}$${scryptSync("abcd-efgh-jkmn-pqrs", salt, 32).toString("base64url")}`;
    expect(isSlowHash(legacy)).toBe(true);
    expect(verifyPasscodeHash("abcd-efgh-jkmn-pqrs", legacy)).toBe(true);
    expect(verifyPasscodeHash("abcd-efgh-jkmn-pqrt", legacy)).toBe(false);
    expect(verifyPasscodeHash("abcd-efgh-jkmn-pqrs", "md5$x$y")).toBe(false);
  });
});
