import { type MailEvidence, type PathTier, PATH_TIERS } from "./intros.ts";
import { investorAddresses } from "./mail.ts";
import { isMachineAddress } from "./mail-threads.ts";

/**
 * Paths from mail (docs/product.md#paths-from-mail, decision 065 "Paths from mail"): who the
 * founder's mail says can introduce the team to an investor, and how well they know them. Pure:
 * pair statistics, the investors and the team come in; paths with a tier and their evidence in
 * words go out.
 *
 * A person (an address that is not the team's, not an investor's own, not a machine's) is a path
 * to an investor when they shared threads with an address at the investor's firm — the domain of
 * the investor's email or website; a free-mail domain only matches the exact address — or with
 * the investor's own address, and both wrote on a thread (one-way mail is no relationship). A member's own
 * two-way mail with the firm is a direct path.
 */

/** Shared threads, each side's messages and recency that make a tier (the rule in docs/product.md). */
export const MAIL_TIER_RULE = {
  strong: { threads: 3, eachWrote: 2, withinDays: 180 },
  moderate: { threads: 2, withinDays: 365 },
} as const;

/**
 * Domains anyone can have an address at: an address there says nothing about a firm, so it only
 * ever matches an investor's exact address, and it never makes a domain the team's.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "libero.it",
  "t-online.de",
  "online.no",
  "telia.com",
]);

/** The part after the @, lowercased ("" when there is none). */
export function domainOf(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? "" : address.slice(at + 1).toLowerCase();
}

export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain);
}

/** A website as a domain: "https://www.northzone.com/team" → "northzone.com"; undefined when it is not one. */
export function websiteDomain(website: string | null | undefined): string | undefined {
  if (!website) return undefined;
  let text = website.trim().toLowerCase().slice(0, 300);
  const scheme = text.indexOf("://");
  if (scheme >= 0) text = text.slice(scheme + 3);
  const end = text.search(/[/?#:]/);
  if (end >= 0) text = text.slice(0, end);
  if (text.startsWith("www.")) text = text.slice(4);
  return /^[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}$/.test(text) ? text : undefined;
}

/** An investor as paths see it. */
export type MailInvestor = { id: number; email: string | null; website: string | null };

/**
 * The team: members' addresses to their ids (the mailbox's own address, IMAP_USER, is the owner's),
 * and the team's addresses no member has (IMAP_USER before the owner's row exists): never connectors.
 */
export type MailTeam = { memberAddresses: ReadonlyMap<string, number>; otherAddresses?: readonly string[] };

/** What the rule matches addresses against, built once per build from the investors and the team. */
export type MailPathWorld = {
  /** Firm domains (never free mail) to the investors there. */
  byDomain: Map<string, number[]>;
  /** Investors' own addresses to their ids. */
  byAddress: Map<string, number[]>;
  /** Each investor's own firm domains, so a colleague at the firm is not a connector to it. */
  firmDomains: Map<number, Set<string>>;
  teamAddresses: ReadonlyMap<string, number>;
  otherTeamAddresses: Set<string>;
  teamDomains: Set<string>;
};

export function mailPathWorld(investors: readonly MailInvestor[], team: MailTeam): MailPathWorld {
  const world: MailPathWorld = {
    byDomain: new Map(),
    byAddress: new Map(),
    firmDomains: new Map(),
    teamAddresses: team.memberAddresses,
    otherTeamAddresses: new Set(team.otherAddresses ?? []),
    teamDomains: new Set(),
  };
  for (const address of [...team.memberAddresses.keys(), ...world.otherTeamAddresses]) {
    const domain = domainOf(address);
    if (domain !== "" && !isFreeMailDomain(domain)) world.teamDomains.add(domain);
  }
  const add = (map: Map<string, number[]>, key: string, id: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [id]);
    else if (!list.includes(id)) list.push(id);
  };
  for (const investor of investors) {
    const domains = new Set<string>();
    for (const address of investorAddresses(investor.email)) {
      add(world.byAddress, address, investor.id);
      const domain = domainOf(address);
      if (domain !== "" && !isFreeMailDomain(domain)) domains.add(domain);
    }
    const site = websiteDomain(investor.website);
    if (site && !isFreeMailDomain(site)) domains.add(site);
    for (const domain of domains) {
      // The team's own domain is never a firm's (a founder who lists a co-founder's fund by mistake).
      if (!world.teamDomains.has(domain)) add(world.byDomain, domain, investor.id);
    }
    world.firmDomains.set(investor.id, domains);
  }
  return world;
}

/**
 * One pair's statistics: `a` < `b`; threads shared, and of those the ones where both wrote; how many
 * messages each wrote with the other on it; the first and last date.
 */
export type PairStats = {
  a: string;
  b: string;
  threads: number;
  twoWayThreads: number;
  aWrote: number;
  bWrote: number;
  firstAt: string;
  lastAt: string;
};

/** What the mail said about a pair, with how many of the threads both wrote on. */
export type MailPathEvidence = MailEvidence & { twoWayThreads: number };

/** A path the mail supports: through a person's address, or a member's own (direct). */
export type MailPathCandidate = {
  investorId: number;
  /** The connector's address; null for a member's direct path. */
  personAddress: string | null;
  memberId: number | null;
  tier: PathTier;
  evidence: MailPathEvidence;
};

/**
 * The tier of a pair, or null when it is no relationship (no thread on which both wrote). Counted
 * in threads on which both wrote: being copied on someone else's conversation is not knowing them.
 * Strong: ≥ 3 such threads, each side ≥ 2 messages, the last within 180 days. Moderate: ≥ 2 such
 * threads, the last within 365 days. Weak: the rest (one conversation, or nothing for a year).
 */
export function mailPathTier(
  stats: { twoWayThreads: number; personWrote: number; otherWrote: number; lastAt: string },
  now: Date,
): PathTier | null {
  if (stats.personWrote < 1 || stats.otherWrote < 1 || stats.twoWayThreads < 1) return null;
  const days = (now.getTime() - Date.parse(stats.lastAt)) / 86_400_000;
  const strong = MAIL_TIER_RULE.strong;
  if (
    stats.twoWayThreads >= strong.threads &&
    Math.min(stats.personWrote, stats.otherWrote) >= strong.eachWrote &&
    days <= strong.withinDays
  ) {
    return "strong";
  }
  const moderate = MAIL_TIER_RULE.moderate;
  if (stats.twoWayThreads >= moderate.threads && days <= moderate.withinDays) return "moderate";
  return "weak";
}

/** The paths one pair supports (none, one per investor its other side is at, both ways). */
export function pathsFromPair(pair: PairStats, world: MailPathWorld, now: Date): MailPathCandidate[] {
  const found: MailPathCandidate[] = [];
  const sides: Array<[string, number, string, number]> = [
    [pair.a, pair.aWrote, pair.b, pair.bWrote],
    [pair.b, pair.bWrote, pair.a, pair.aWrote],
  ];
  // One-way mail is no relationship: at least one thread on which both wrote (a partner who copied
  // the founder on one thread and a founder who copied the partner on another never spoke).
  if (pair.twoWayThreads < 1) return found;
  for (const [person, personWrote, other, otherWrote] of sides) {
    if (personWrote < 1 || otherWrote < 1) continue;
    const investors = investorsAt(other, world);
    if (investors.length === 0) continue;
    const memberId = world.teamAddresses.get(person);
    if (memberId === undefined && !isConnector(person, world)) continue;
    const evidence: MailPathEvidence = {
      address: other,
      threads: pair.threads,
      twoWayThreads: pair.twoWayThreads,
      personWrote,
      otherWrote,
      lastAt: pair.lastAt.slice(0, 10),
    };
    const tier = mailPathTier({ twoWayThreads: pair.twoWayThreads, personWrote, otherWrote, lastAt: pair.lastAt }, now);
    if (tier === null) continue;
    const personDomain = domainOf(person);
    for (const investorId of investors) {
      // A colleague at the investor's own firm is not a way in to it.
      if (world.firmDomains.get(investorId)?.has(personDomain)) continue;
      found.push({ investorId, personAddress: memberId === undefined ? person : null, memberId: memberId ?? null, tier, evidence });
    }
  }
  return found;
}

/** The investors an address is at: its own, and by domain unless the domain is free mail. */
function investorsAt(address: string, world: MailPathWorld): number[] {
  if (world.teamAddresses.has(address) || world.otherTeamAddresses.has(address)) return [];
  const own = world.byAddress.get(address) ?? [];
  const domain = domainOf(address);
  const firm = isFreeMailDomain(domain) ? [] : (world.byDomain.get(domain) ?? []);
  if (firm.length === 0) return own;
  return own.length === 0 ? firm : [...new Set([...own, ...firm])];
}

/** Who may be a connector: not the team (address or domain), not an investor's own address, not a machine. */
function isConnector(address: string, world: MailPathWorld): boolean {
  if (world.teamAddresses.has(address) || world.otherTeamAddresses.has(address) || world.byAddress.has(address)) return false;
  if (world.teamDomains.has(domainOf(address))) return false;
  return !isMachineAddress(address);
}

const TIER_RANK: Record<PathTier, number> = Object.fromEntries(PATH_TIERS.map((tier, index) => [tier, index])) as Record<PathTier, number>;

/** Of two paths to the same investor through the same person, the one the mail supports best. */
export function strongerPath(a: MailPathCandidate, b: MailPathCandidate): MailPathCandidate {
  if (TIER_RANK[a.tier] !== TIER_RANK[b.tier]) return TIER_RANK[a.tier] < TIER_RANK[b.tier] ? a : b;
  if (a.evidence.twoWayThreads !== b.evidence.twoWayThreads) return a.evidence.twoWayThreads > b.evidence.twoWayThreads ? a : b;
  if (a.evidence.threads !== b.evidence.threads) return a.evidence.threads > b.evidence.threads ? a : b;
  return a.evidence.lastAt >= b.evidence.lastAt ? a : b;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The evidence in words: "Lena Berg and jan@northzone.com were on 3 threads, last 12 Oct, both
 * wrote (5 and 4 messages)"; "…were on 5 threads, last 12 Oct, both wrote on 2 (3 and 2 messages)"
 * when some were one-way. The year is said when it is not `now`'s.
 */
export function mailEvidenceText(name: string, evidence: MailEvidence & { twoWayThreads?: number }, now: Date): string {
  const [year, month, day] = evidence.lastAt.split("-").map(Number);
  const when = `${day} ${MONTH_NAMES[(month ?? 1) - 1]}${year === now.getUTCFullYear() ? "" : ` ${year}`}`;
  const threads = evidence.threads === 1 ? "1 thread" : `${evidence.threads} threads`;
  const twoWay = evidence.twoWayThreads ?? evidence.threads;
  const both = twoWay >= evidence.threads ? "both wrote" : `both wrote on ${twoWay}`;
  return `${name} and ${evidence.address} were on ${threads}, last ${when}, ${both} (${evidence.personWrote} and ${evidence.otherWrote} messages)`;
}
