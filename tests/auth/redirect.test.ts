import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "#app/auth/login.ts";

const SITE = "https://app.example";

// Pieces an attacker strings together to leave the site, or to break the Location header.
const hostilePiece = fc.constantFrom(
  "/",
  "//",
  "\\",
  "/\\",
  "\t",
  "\n",
  "\r",
  "\r\n",
  "\u0000",
  " ",
  "%09",
  "%2F",
  "%2f",
  "%5C",
  "%0D%0A",
  "%00",
  "%",
  ".",
  "..",
  "@",
  ":",
  "?",
  "#",
  "evil.example",
  "javascript:alert(1)",
  "data:text/html,x",
  "http:",
  "https://evil.example",
  "é",
  "\u2028",
  "\uFEFF",
  "／",
  "＼",
  "\uD800",
  "😀",
  "investors",
  "3",
);

const hostileString = fc.oneof(
  fc.array(hostilePiece, { maxLength: 12 }).map((pieces) => pieces.join("")),
  fc.array(hostilePiece, { maxLength: 12 }).map((pieces) => `/${pieces.join("")}`),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }).map((text) => `/${text}`),
);

/** What a browser does with the Location header: it must stay on the site. */
function staysOnSite(location: string): boolean {
  return new URL(location, SITE).origin === SITE;
}

describe("safeRedirectPath", () => {
  it("keeps a same-site path with its query and fragment", () => {
    expect(safeRedirectPath("/investors/3")).toBe("/investors/3");
    expect(safeRedirectPath("/investors/3?tab=evidence#top")).toBe("/investors/3?tab=evidence#top");
    expect(safeRedirectPath("/investors/é")).toBe("/investors/%C3%A9");
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/settings")).toBe("/settings");
  });

  it("refuses the known ways off the site", () => {
    for (const target of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "/\t/evil.example/",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/.//evil.example",
      "/../\\evil.example",
      "javascript:alert(1)",
      " /x",
      "",
    ]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBe("/");
    }
  });

  it("always answers a same-site path that is a valid header value, and never throws", () => {
    fc.assert(
      fc.property(hostileString, (target) => {
        const result = safeRedirectPath(target);
        expect(result.startsWith("/")).toBe(true);
        expect(result[1] === "/" || result[1] === "\\").toBe(false);
        // Printable ASCII only: no CR/LF (header injection), nothing a Headers object refuses.
        expect(result).toMatch(/^[\x21-\x7e]+$/);
        expect(() => new Headers({ location: result })).not.toThrow();
        expect(staysOnSite(result)).toBe(true);
        // Applying it again changes nothing: the answer is already in its final form.
        expect(safeRedirectPath(result)).toBe(result);
      }),
      { numRuns: 5_000 },
    );
  });
});
