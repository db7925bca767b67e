import { describe, expect, it } from "vitest";
import {
  type PairStats,
  mailEvidenceText,
  mailPathTier,
  mailPathWorld,
  pathsFromPair,
  strongerPath,
  websiteDomain,
} from "#app/domain/intro-mail.ts";

const now = new Date("2026-11-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

const world = mailPathWorld(
  [
    { id: 1, email: "kristin@northzone.com", website: null },
    { id: 2, email: "angel.ann@gmail.com", website: null },
    { id: 3, email: null, website: "https://www.fjord.vc/team" },
    { id: 4, email: "jan@startup.test", website: null },
  ],
  {
    memberAddresses: new Map([
      ["founder@startup.test", 7],
      ["ola@startup.test", 8],
      ["cofounder@gmail.com", 9],
    ]),
  },
);

function pair(a: string, b: string, stats: Partial<PairStats> = {}): PairStats {
  const [x, y] = a < b ? [a, b] : [b, a];
  const flip = a > b;
  const aWrote = stats.aWrote ?? 2;
  const bWrote = stats.bWrote ?? 2;
  return {
    a: x,
    b: y,
    threads: 3,
    twoWayThreads: aWrote > 0 && bWrote > 0 ? 3 : 0,
    firstAt: daysAgo(200),
    lastAt: daysAgo(10),
    ...stats,
    aWrote: flip ? bWrote : aWrote,
    bWrote: flip ? aWrote : bWrote,
  };
}

describe("the tier", () => {
  it.each([
    [{ twoWayThreads: 3, personWrote: 2, otherWrote: 2, lastAt: daysAgo(10) }, "strong"],
    [{ twoWayThreads: 3, personWrote: 2, otherWrote: 2, lastAt: daysAgo(181) }, "moderate"],
    [{ twoWayThreads: 5, personWrote: 9, otherWrote: 1, lastAt: daysAgo(10) }, "moderate"],
    [{ twoWayThreads: 2, personWrote: 1, otherWrote: 1, lastAt: daysAgo(300) }, "moderate"],
    [{ twoWayThreads: 2, personWrote: 3, otherWrote: 3, lastAt: daysAgo(400) }, "weak"],
    [{ twoWayThreads: 1, personWrote: 4, otherWrote: 4, lastAt: daysAgo(2) }, "weak"],
    [{ twoWayThreads: 0, personWrote: 4, otherWrote: 4, lastAt: daysAgo(2) }, null],
    [{ twoWayThreads: 4, personWrote: 4, otherWrote: 0, lastAt: daysAgo(2) }, null],
  ] as const)("%o → %s", (stats, tier) => {
    expect(mailPathTier(stats, now)).toBe(tier);
  });
});

describe("paths from a pair", () => {
  it("a person with an address at the investor's firm (not the investor's own) is a path, with evidence", () => {
    const paths = pathsFromPair(pair("lena@angel.io", "jan@northzone.com"), world, now);
    expect(paths).toEqual([
      {
        investorId: 1,
        personAddress: "lena@angel.io",
        memberId: null,
        tier: "strong",
        evidence: {
          address: "jan@northzone.com",
          threads: 3,
          twoWayThreads: 3,
          personWrote: 2,
          otherWrote: 2,
          lastAt: daysAgo(10).slice(0, 10),
        },
      },
    ]);
  });

  it("one-way mail is no relationship, nor two one-way threads in opposite directions", () => {
    expect(pathsFromPair({ ...pair("lena@angel.io", "kristin@northzone.com"), twoWayThreads: 0 }, world, now)).toEqual([]);
    expect(pathsFromPair(pair("lena@angel.io", "kristin@northzone.com", { bWrote: 0 }), world, now)).toEqual([]);
    expect(pathsFromPair(pair("lena@angel.io", "kristin@northzone.com", { aWrote: 0 }), world, now)).toEqual([]);
  });

  it("free mail matches only the investor's exact address", () => {
    expect(pathsFromPair(pair("lena@angel.io", "angel.ann@gmail.com"), world, now).map((p) => p.investorId)).toEqual([2]);
    expect(pathsFromPair(pair("lena@angel.io", "someone@gmail.com"), world, now)).toEqual([]);
  });

  it("a website's domain is the firm's", () => {
    expect(pathsFromPair(pair("lena@angel.io", "partner@fjord.vc"), world, now).map((p) => p.investorId)).toEqual([3]);
  });

  it("leaves out the team's domain, investors' own addresses, machines and the firm's own colleagues", () => {
    expect(pathsFromPair(pair("intern@startup.test", "kristin@northzone.com"), world, now)).toEqual([]);
    expect(pathsFromPair(pair("angel.ann@gmail.com", "kristin@northzone.com"), world, now)).toEqual([]);
    expect(pathsFromPair(pair("noreply@docsend.com", "kristin@northzone.com"), world, now)).toEqual([]);
    expect(pathsFromPair(pair("bob@northzone.com", "kristin@northzone.com"), world, now)).toEqual([]);
    // The team's domain is never a firm's, even when an investor's address is there.
    expect(pathsFromPair(pair("lena@angel.io", "founder2@startup.test"), world, now)).toEqual([]);
  });

  it("the mailbox's own address is the team's even before the owner's row exists", () => {
    const early = mailPathWorld([{ id: 1, email: "kristin@northzone.com", website: null }], {
      memberAddresses: new Map(),
      otherAddresses: ["founder@startup.test"],
    });
    expect(pathsFromPair(pair("founder@startup.test", "kristin@northzone.com"), early, now)).toEqual([]);
    expect(pathsFromPair(pair("intern@startup.test", "kristin@northzone.com"), early, now)).toEqual([]);
    expect(pathsFromPair(pair("lena@angel.io", "kristin@northzone.com"), early, now)).toHaveLength(1);
  });

  it("a member's own two-way mail with the firm is a direct path (free-mail members by their address)", () => {
    const paths = pathsFromPair(pair("ola@startup.test", "kristin@northzone.com", { threads: 1, twoWayThreads: 1 }), world, now);
    expect(paths).toEqual([expect.objectContaining({ investorId: 1, personAddress: null, memberId: 8, tier: "weak" })]);
    expect(pathsFromPair(pair("cofounder@gmail.com", "kristin@northzone.com"), world, now)[0]?.memberId).toBe(9);
  });

  it("the stronger of two paths wins, and the evidence reads as the founder would say it", () => {
    const [strong] = pathsFromPair(pair("lena@angel.io", "jan@northzone.com"), world, now);
    const [weak] = pathsFromPair(pair("lena@angel.io", "kristin@northzone.com", { threads: 2, twoWayThreads: 1 }), world, now);
    expect(strongerPath(weak!, strong!)).toBe(strong);
    expect(mailEvidenceText("Lena Berg", { ...strong!.evidence, lastAt: "2026-10-12" }, now)).toBe(
      "Lena Berg and jan@northzone.com were on 3 threads, last 12 Oct, both wrote (2 and 2 messages)",
    );
    expect(mailEvidenceText("Lena Berg", { ...weak!.evidence, lastAt: "2025-03-01" }, now)).toBe(
      "Lena Berg and kristin@northzone.com were on 2 threads, last 1 Mar 2025, both wrote on 1 (2 and 2 messages)",
    );
  });
});

describe("website domains", () => {
  it.each([
    ["https://www.northzone.com/team", "northzone.com"],
    ["fjord.vc", "fjord.vc"],
    ["http://Fund.Example:8080?x", "fund.example"],
    ["not a site", undefined],
    ["", undefined],
  ])("%s → %s", (site, domain) => {
    expect(websiteDomain(site)).toBe(domain);
  });
});
