import type { EvidenceCategory, InvestorKind, Stage } from "../vocabulary.ts";
import { ALL_SECTORS, COMPANIES, type FlagKey, HIRES, NEWS_HOSTS, ROMAN } from "./cast.ts";
import { type Rng, between, chance, intBetween, pick, sha256Hex, twoDecimals } from "./random.ts";
import { MONTHS_LONG, STAGE_WORDS, article, dayMonth, money, slugify } from "./text.ts";
import type { DemoEvidence } from "./types.ts";

/** Evidence drafting, shared by the demo set and the simulated refresh: a page, its judgement, and the hook or red flag it supports. */

export type Author = {
  name: string;
  firm: string | null;
  kind: InvestorKind;
  sectors: readonly string[];
  stages: readonly Stage[];
  /** The firm's own site host, for `web` evidence. */
  host: string | null;
};

type Draft = {
  title: string;
  excerpt: string;
  summary: string;
  source: DemoEvidence["source"];
  category: EvidenceCategory;
  relevance: number;
  /** The outreach sentence this page supports, when it is a deal or a new fund. */
  hook: string | null;
  /** The red flag this page supports. */
  redFlag: string | null;
};

export function firstName(name: string): string {
  return name.split(" ")[0] ?? name;
}

function pickCompany(rng: Rng, author: Author, used: Set<string>): { name: string; sector: string } {
  const sectors = author.sectors.filter((s) => COMPANIES[s]);
  const pool = (sectors.length > 0 ? sectors : ALL_SECTORS).flatMap((sector) =>
    (COMPANIES[sector] ?? []).map((name) => ({ name, sector })),
  );
  const fresh = pool.filter((c) => !used.has(c.name));
  const company = pick(rng, fresh.length > 0 ? fresh : pool);
  used.add(company.name);
  return company;
}

/** Round sizes in millions of dollars. */
const DEAL_MILLIONS: Record<Stage, readonly [number, number]> = {
  pre_seed: [0.4, 1.5],
  seed: [1.5, 6],
  series_a: [7, 20],
  series_b_plus: [25, 90],
};

function dealDollars(rng: Rng, stage: Stage): number {
  const [min, max] = DEAL_MILLIONS[stage];
  const millions = between(rng, min, max);
  return (millions >= 10 ? Math.round(millions) : Math.round(millions * 10) / 10) * 1_000_000;
}

function draftDeal(rng: Rng, author: Author, used: Set<string>, at: Date): Draft {
  const who = author.firm ?? author.name;
  const company = pickCompany(rng, author, used);
  const stage = pick(rng, author.stages.length > 0 ? author.stages : (["seed"] as const));
  const amount = money(dealDollars(rng, stage));
  const round = STAGE_WORDS[stage];
  const leads = author.kind === "fund" || author.kind === "corporate" || (author.kind === "other" && chance(rng, 0.5));
  return {
    title: leads
      ? `${who} leads ${amount} ${round} round in ${company.name}`
      : `${company.name} raises ${amount} ${round} with ${who} among its backers`,
    excerpt: `${company.name}, ${article(company.sector)} ${company.sector} startup, has raised ${amount} in a ${round} round${
      leads ? ` led by ${who}` : ""
    }. The company plans to double its engineering team over the next year.`,
    summary: `${leads ? "Led" : "Joined"} a ${amount} ${round} round in ${company.name} (${company.sector}): actively deploying at ${round}.`,
    source: chance(rng, 0.75) ? "news" : "web",
    category: "deal",
    relevance: twoDecimals(between(rng, 0.6, 0.95)),
    hook: leads
      ? `Led a ${amount} ${round} in ${company.name} on ${dayMonth(at)}`
      : `Backed ${company.name}'s ${amount} ${round} on ${dayMonth(at)}`,
    redFlag: null,
  };
}

function draftNewFund(rng: Rng, author: Author, at: Date): Draft {
  const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
  const stage = STAGE_WORDS[author.stages[0] ?? "seed"];
  const relevance = twoDecimals(between(rng, 0.7, 0.95));
  const on = dayMonth(at);
  if (author.kind === "angel" || author.firm === null) {
    const size = money(intBetween(rng, 2, 8) * 1_000_000);
    return {
      title: `${author.name} launches a ${size} angel syndicate for ${sector} founders`,
      excerpt: `${author.name} is pooling ${size} from operators to back ${stage} ${sector} startups, with cheques starting at $25K.`,
      summary: `New ${size} syndicate for ${stage} ${sector}: fresh capital to deploy.`,
      source: chance(rng, 0.5) ? "linkedin" : "news",
      category: "new_fund",
      relevance,
      hook: `Launched a ${size} angel syndicate for ${sector} founders on ${on}`,
      redFlag: null,
    };
  }
  if (author.kind === "accelerator") {
    const ticket = money(intBetween(rng, 4, 15) * 10_000);
    return {
      title: `${author.firm} opens applications for its next cohort with ${ticket} per startup`,
      excerpt: `${author.firm} will pick up to 20 ${sector} teams for its next programme and invest ${ticket} in each.`,
      summary: `New cohort open, ${ticket} per startup, ${sector} among the focus areas.`,
      source: chance(rng, 0.5) ? "web" : "news",
      category: "new_fund",
      relevance,
      hook: `Opened applications for its next cohort (${ticket} per startup) on ${on}`,
      redFlag: null,
    };
  }
  if (author.kind === "corporate") {
    const size = money(intBetween(rng, 5, 30) * 10_000_000);
    return {
      title: `${author.firm} launches ${size} corporate venture fund for ${sector} startups`,
      excerpt: `The new ${size} vehicle will invest in ${stage} ${sector} companies that can partner with the group's business units.`,
      summary: `Fresh ${size} corporate fund for ${sector} at ${stage}.`,
      source: "news",
      category: "new_fund",
      relevance,
      hook: `Launched a ${size} corporate venture fund for ${sector} on ${on}`,
      redFlag: null,
    };
  }
  const size = money(intBetween(rng, 4, 40) * 10_000_000);
  const fundName = `Fund ${pick(rng, ROMAN)}`;
  return {
    title: `${author.firm} closes ${size} ${fundName} for ${stage} ${sector} startups`,
    excerpt: `${author.firm} has closed ${fundName} at ${size}, above its target, and expects to make 25 to 30 new investments over three years.`,
    summary: `Closed a ${size} ${fundName}: new capital for ${stage} ${sector}.`,
    source: "news",
    category: "new_fund",
    relevance,
    hook: `Closed a ${size} ${fundName} for ${stage} ${sector} on ${on}`,
    redFlag: null,
  };
}

function draftHire(rng: Rng, author: Author, used: Set<string>): Draft {
  const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
  if (author.firm === null) {
    const company = pickCompany(rng, author, used);
    return {
      title: `${author.name} joins the advisory board of ${company.name}`,
      excerpt: `${company.name} has added ${author.name} to its advisory board to help with its next fundraise.`,
      summary: `Advisory role at ${company.name}; still close to ${company.sector} founders.`,
      source: "linkedin",
      category: "hire_or_departure",
      relevance: twoDecimals(between(rng, 0.3, 0.6)),
      hook: null,
      redFlag: null,
    };
  }
  const hire = pick(rng, HIRES);
  return {
    title: `${author.firm} hires ${hire} as partner to lead ${sector}`,
    excerpt: `${hire} joins ${author.firm} as a partner and will lead new ${sector} investments from the firm's European office.`,
    summary: `New ${sector} partner: the firm is building out its ${sector} practice.`,
    source: chance(rng, 0.5) ? "news" : "linkedin",
    category: "hire_or_departure",
    relevance: twoDecimals(between(rng, 0.4, 0.7)),
    hook: null,
    redFlag: null,
  };
}

function draftThesis(rng: Rng, author: Author): Draft {
  const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
  const title = pick(rng, [
    `${author.name}: why ${sector} founders should raise smaller seed rounds`,
    `What ${firstName(author.name)} looks for in a ${sector} pitch`,
    `${author.firm ?? author.name}'s ${sector} market map for the coming year`,
    `Five questions ${firstName(author.name)} asks every ${sector} founder`,
  ]);
  return {
    title,
    excerpt: `A long post on ${sector}: the metrics that matter before a first meeting, and why distribution beats features early on.`,
    summary: `Public thesis on ${sector}; useful to reference in outreach.`,
    source: chance(rng, 0.6) ? "linkedin" : "web",
    category: "thesis_or_content",
    relevance: twoDecimals(between(rng, 0.4, 0.8)),
    hook: null,
    redFlag: null,
  };
}

function draftIrrelevant(rng: Rng, author: Author): Draft {
  const who = author.firm ?? author.name;
  return {
    title: pick(rng, [
      `${who} sponsors a founders' charity 10K run`,
      `${author.name} speaks at a university alumni dinner`,
      `${who} moves into a new office by the river`,
    ]),
    excerpt: `A short community item mentioning ${who}; nothing about new investments.`,
    summary: "Not about investing activity.",
    source: "web",
    category: "irrelevant",
    relevance: twoDecimals(between(rng, 0.05, 0.25)),
    hook: null,
    redFlag: null,
  };
}

/** A red flag needs a firm for some stories; angels get the closest personal equivalent. */
function flagFor(key: FlagKey, author: Author): FlagKey {
  const hasFirm = author.firm !== null && author.kind !== "angel";
  if (hasFirm) return key === "stopped" ? "left" : key;
  if (key === "closed" || key === "deployed") return "paused";
  if (key === "left") return "stopped";
  return key;
}

export function draftRedFlag(rng: Rng, key: FlagKey, author: Author, used: Set<string>, at: Date): Draft {
  const who = author.firm ?? author.name;
  const relevance = twoDecimals(between(rng, 0.75, 0.95));
  switch (flagFor(key, author)) {
    case "closed":
      return {
        title: `${who} says Fund III is fully committed and closed to new investments`,
        excerpt: `${who} told its investors that Fund III has no capacity left for new companies; the team is focused on follow-ons.`,
        summary: "Fund III closed to new investments.",
        source: "news",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Fund III closed to new investments",
      };
    case "deployed":
      return {
        title: `${who} has fully deployed Fund II and will only do follow-ons`,
        excerpt: `${who} confirmed Fund II is fully invested; reserves go to existing portfolio companies until a new fund closes.`,
        summary: "Fund II fully deployed; follow-ons only.",
        source: "news",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Fund II fully deployed; follow-ons only",
      };
    case "left": {
      const sector = pick(rng, author.sectors.length > 0 ? author.sectors : ALL_SECTORS);
      const redFlag = `Partner left the firm in ${MONTHS_LONG[at.getUTCMonth()]}`;
      return {
        title: `${who}'s ${sector} partner leaves the firm`,
        excerpt: `The partner who led ${who}'s ${sector} investments has left; the firm has not named a successor.`,
        summary: `${redFlag}; no successor named for ${sector}.`,
        source: "news",
        category: "hire_or_departure",
        relevance,
        hook: null,
        redFlag,
      };
    }
    case "stopped":
      return {
        title: `${author.name} joins a fund as venture partner and stops personal angel cheques`,
        excerpt: `${author.name} announced a move to a venture partner role and will no longer write personal angel cheques.`,
        summary: "Stopped angel investing after joining a fund.",
        source: "linkedin",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Stopped angel investing after joining a fund",
      };
    case "conflict": {
      const company = pickCompany(rng, author, used);
      return {
        title: `${company.name} raises with backing from ${who}`,
        excerpt: `${company.name}, which sells the same product to the same customers as the founder's startup, announced ${who} as a new investor.`,
        summary: `Conflict: backed a direct competitor (${company.name}).`,
        source: "news",
        category: "deal",
        relevance,
        hook: null,
        redFlag: "Conflict: backed a direct competitor",
      };
    }
    case "paused":
      return {
        title: author.firm === null ? `${author.name} pauses angel investing until Q2` : `${who} pauses new investments until Q2`,
        excerpt: `${who} will make no new investments until the second quarter while it supports the existing portfolio.`,
        summary: "Paused new investments until Q2.",
        source: "news",
        category: "negative",
        relevance,
        hook: null,
        redFlag: "Paused new investments until Q2",
      };
  }
}

export function draftFor(rng: Rng, category: EvidenceCategory, author: Author, used: Set<string>, at: Date): Draft {
  switch (category) {
    case "deal":
      return draftDeal(rng, author, used, at);
    case "new_fund":
      return draftNewFund(rng, author, at);
    case "hire_or_departure":
      return draftHire(rng, author, used);
    case "thesis_or_content":
      return draftThesis(rng, author);
    case "irrelevant":
      return draftIrrelevant(rng, author);
    case "negative":
      return draftRedFlag(rng, "paused", author, used, at);
  }
}

export function evidenceUrl(rng: Rng, draft: Draft, author: Author, at: Date, suffix: string): string {
  const slug = slugify(draft.title) + suffix;
  if (draft.source === "linkedin") {
    const who = slugify(author.name);
    return `https://linkedin.example.com/posts/${slug.startsWith(who) ? slug : `${who}-${slug}`}`;
  }
  if (draft.source === "web") return `https://${author.host ?? "blog.example.org"}/posts/${slug}`;
  const [year, month, day] = at.toISOString().slice(0, 10).split("-");
  return `https://${pick(rng, NEWS_HOSTS)}/${year}/${month}/${day}/${slug}`;
}

export function toEvidence(draft: Draft, url: string, publishedAt: string | null, foundAt: string): DemoEvidence {
  return {
    url,
    title: draft.title,
    excerpt: draft.excerpt,
    source: draft.source,
    published_at: publishedAt,
    found_at: foundAt,
    content_hash: sha256Hex(url + draft.title),
    category: draft.category,
    relevance: draft.relevance,
    summary: draft.summary,
  };
}

export function hostOf(firm: string | null): string | null {
  if (firm === null) return null;
  const core = firm.replace(/\b(Ventures|Capital|Partners|Kapital|Invest|Fund|Accelerator|Program)\b/g, "").trim();
  return `${slugify(core || firm)}.example.com`;
}
