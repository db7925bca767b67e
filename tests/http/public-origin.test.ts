import { describe, expect, it } from "vitest";
import { parseConfig } from "#app/config.server.ts";
import { clientAddress, publicOrigin } from "#app/http/public-origin.ts";

describe("TRUST_PROXY", () => {
  it("is off unless set, and takes the usual boolean spellings", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(() => parseConfig({ TRUST_PROXY: "sometimes" })).toThrow(/TRUST_PROXY/);
  });
});

describe("publicOrigin", () => {
  const forwarded = { host: "127.0.0.1:3000", forwardedProto: "https", forwardedHost: "pipeline.example" };

  it("without TRUST_PROXY: http and the Host header, whatever the forwarded headers say", () => {
    expect(publicOrigin(forwarded, false)?.origin).toBe("http://127.0.0.1:3000");
    expect(publicOrigin({ host: "Pipeline.Example:80" }, false)?.origin).toBe("http://pipeline.example");
  });

  it("with TRUST_PROXY: the forwarded scheme and host", () => {
    expect(publicOrigin(forwarded, true)).toEqual({ protocol: "https:", host: "pipeline.example", origin: "https://pipeline.example" });
    // Fly keeps Host and adds only X-Forwarded-Proto.
    expect(publicOrigin({ host: "pipeline.fly.dev", forwardedProto: "https" }, true)?.origin).toBe("https://pipeline.fly.dev");
    // The default port of the scheme is dropped, as the browser's Origin drops it.
    expect(publicOrigin({ host: "x", forwardedProto: "https", forwardedHost: "pipeline.example:443" }, true)?.origin).toBe(
      "https://pipeline.example",
    );
    expect(publicOrigin({ host: "x", forwardedProto: "HTTPS", forwardedHost: "[::1]:8443" }, true)?.origin).toBe("https://[::1]:8443");
  });

  it("takes the first value of an appended list", () => {
    expect(publicOrigin({ host: "x", forwardedProto: "https, http", forwardedHost: "pipeline.example, inner.local" }, true)?.origin).toBe(
      "https://pipeline.example",
    );
    expect(publicOrigin({ host: "x", forwardedProto: ["https"], forwardedHost: ["pipeline.example"] }, true)?.origin).toBe(
      "https://pipeline.example",
    );
  });

  it("ignores a forwarded value that is not a scheme or a host name, falling back to http and Host", () => {
    for (const forwardedHost of ["evil.example/x", "user@evil.example", "a b", "evil.example:99999", "[::1", "é.example", "", ","]) {
      expect(publicOrigin({ host: "app.local", forwardedHost }, true)?.host, forwardedHost).toBe("app.local");
    }
    for (const forwardedProto of ["ftp", "javascript", "", "https:evil"]) {
      expect(publicOrigin({ host: "app.local", forwardedProto }, true)?.protocol, forwardedProto).toBe("http:");
    }
  });

  it("answers undefined for a Host header that is not a host name (the server says 400)", () => {
    for (const host of ["a b", "evil.example/path", "user@evil.example", "[::1", "a.example, b.example", "ex\u00e4mple.com"]) {
      expect(publicOrigin({ host }, false), host).toBeUndefined();
    }
    // HTTP/1.0 may leave Host out.
    expect(publicOrigin({}, false)?.origin).toBe("http://localhost");
  });
});

describe("clientAddress", () => {
  it("uses the socket unless the app trusts its proxy", () => {
    expect(clientAddress("10.0.0.9", "203.0.113.7", false)).toBe("10.0.0.9");
    expect(clientAddress("10.0.0.9", undefined, true)).toBe("10.0.0.9");
  });

  it("takes the entry the proxy appended (the last), never one the client wrote before it", () => {
    expect(clientAddress("10.0.0.9", "1.2.3.4, 203.0.113.7", true)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.9", ["1.2.3.4", "2001:db8::1"], true)).toBe("2001:db8::1");
  });

  it("falls back to the socket for anything that is not an address", () => {
    expect(clientAddress("10.0.0.9", "203.0.113.7, <script>", true)).toBe("10.0.0.9");
    expect(clientAddress(undefined, " , ", true)).toBe("unknown");
  });
});
