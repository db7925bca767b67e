import { describe, expect, it } from "vitest";
import { parseEmail, parseLinkedin, parseTwitter, parseWebsite, splitList, websiteDomain } from "#app/domain/import/cells.ts";

describe("splitList", () => {
  it.each([
    ["UK,Netherlands", ["UK", "Netherlands"]],
    ["Fintech, AI | SaaS", ["Fintech", "AI", "SaaS"]],
    ["AI/ML; Fintech", ["AI/ML", "Fintech"]],
    ["Pre-seed / Seed", ["Pre-seed", "Seed"]],
    ["a\nb\r\nc", ["a", "b", "c"]],
    ["アニメ・映像・IP", ["アニメ", "映像", "IP"]],
    ["AI, ai, , AI ", ["AI"]],
    ["#VALUE!", []],
  ])("splits %j", (cell, items) => {
    expect(splitList(cell)).toEqual(items);
  });
});

describe("links and addresses", () => {
  it.each([
    ["formcapital.com", "https://formcapital.com"],
    ["www.x.vc/", "https://www.x.vc/"],
    ["http://cantos.vc/", "http://cantos.vc/"],
  ])("reads website %j", (cell, url) => {
    expect(parseWebsite(cell)).toBe(url);
  });
  it.each(["#VALUE!", "javascript:alert(1)", "Name", "12", "two words.com"])("refuses website %j", (cell) => {
    expect(parseWebsite(cell)).toBeUndefined();
  });
  it("reads the domain for identity", () => {
    expect(websiteDomain("https://www.Better.vc/team")).toBe("better.vc");
  });
  it("reads Twitter handles and LinkedIn pages", () => {
    expect(parseTwitter("@acme_vc")).toBe("https://x.com/acme_vc");
    expect(parseTwitter("twitter.com/acme")).toBe("https://twitter.com/acme");
    expect(parseLinkedin("linkedin.com/company/acme")).toBe("https://linkedin.com/company/acme");
    expect(parseLinkedin("acme.com")).toBeUndefined();
  });
  it("takes the first address from a cell", () => {
    expect(parseEmail("Ann <ann@acme.vc>; bob@acme.vc")).toBe("ann@acme.vc");
    expect(parseEmail("none")).toBeUndefined();
  });
});
