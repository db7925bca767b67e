import type { EvidenceCategory, RelationshipStatus, Stage } from "../vocabulary.ts";
import {
  CONTACT_MIDDLES,
  CONTACT_OPENERS,
  type FlagKey,
  PEOPLE,
  PERSONAL_NOTES,
  type Person,
  type Profile,
  STATUS_CONTACTS,
  parseProfiles,
} from "./cast.ts";
import { type Author, draftFor, draftRedFlag, evidenceUrl, firstName, hostOf, toEvidence } from "./evidence.ts";
import { demoMoney } from "./round.ts";
import { type Rng, between, chance, intBetween, pick, rngFor, shuffled } from "./random.ts";
import { activityPoints, clampScore, fitFrom } from "./signals.ts";
import { DAY_MS, isoDay, slugify } from "./text.ts";
import type { DemoContact, DemoInvestor } from "./types.ts";

/** The demo set as of `now`: each person of the cast given a profile of the plan, with evidence, signals and contacts. */

export const DEFAULT_DEMO_SEED = 20261122;

function contactDays(rng: Rng, profile: Profile): { lastDays: number | null; count: number } {
  switch (profile.status) {
    case "not_contacted":
    case "researching":
      return { lastDays: null, count: 0 };
    case "intro_requested":
      return { lastDays: intBetween(rng, 2, 20), count: 1 };
    case "contacted":
    case "in_conversation":
    case "meeting_scheduled":
    case "due_diligence":
      return {
        lastDays: profile.timing === "due" ? intBetween(rng, 8, 30) : intBetween(rng, 1, 5),
        count: intBetween(rng, 1, 3),
      };
    case "soft_committed":
    case "committed":
      return { lastDays: intBetween(rng, 6, 40), count: intBetween(rng, 2, 3) };
    case "passed":
      return { lastDays: intBetween(rng, 20, 120), count: intBetween(rng, 1, 3) };
    case "not_a_fit":
      return chance(rng, 0.5) ? { lastDays: null, count: 0 } : { lastDays: intBetween(rng, 30, 200), count: intBetween(rng, 1, 2) };
  }
}

function buildContacts(rng: Rng, status: RelationshipStatus, lastDays: number, count: number, nowMs: number): DemoContact[] {
  const closing = pick(rng, STATUS_CONTACTS[status] ?? CONTACT_OPENERS);
  const steps = [...(count >= 2 ? [pick(rng, CONTACT_OPENERS)] : []), ...(count >= 3 ? [pick(rng, CONTACT_MIDDLES)] : []), closing];
  // Walk back from the last contact so the final entry is dated last_contact_date.
  let days = lastDays;
  return steps
    .reverse()
    .map((step, i) => {
      if (i > 0) days += intBetween(rng, 3, 20);
      return { date: isoDay(nowMs - days * DAY_MS), channel: step.channel, note: step.note };
    })
    .reverse();
}

function checkSizes(rng: Rng, p: Person): { min: number; max: number } | null {
  if (chance(rng, 0.08)) return null;
  const round = (value: number, step: number) => Math.round(value / step) * step;
  if (p.kind === "angel") return { min: round(between(rng, 10_000, 25_000), 5_000), max: round(between(rng, 25_000, 100_000), 5_000) };
  if (p.kind === "accelerator") {
    const ticket = round(between(rng, 50_000, 150_000), 10_000);
    return { min: ticket, max: ticket };
  }
  const ranges: Record<Stage, readonly [number, number, number, number]> = {
    pre_seed: [100_000, 250_000, 500_000, 1_000_000],
    seed: [250_000, 750_000, 1_500_000, 3_000_000],
    series_a: [2_000_000, 4_000_000, 8_000_000, 15_000_000],
    series_b_plus: [10_000_000, 20_000_000, 30_000_000, 60_000_000],
  };
  const low = ranges[p.stages[0] ?? "seed"];
  const high = ranges[p.stages[p.stages.length - 1] ?? "seed"];
  return { min: round(between(rng, low[0], low[1]), 50_000), max: round(between(rng, high[2], high[3]), 250_000) };
}

type EvidencePlan = { category: EvidenceCategory; ageDays: number; flag: FlagKey | null };

function planEvidence(rng: Rng, profile: Profile, checkedAgeDays: number): EvidencePlan[] {
  const plan: EvidencePlan[] = [];
  const fromChecked = checkedAgeDays + 0.1;
  switch (profile.bucket) {
    case "none":
      return [];
    case "fresh": {
      const count = intBetween(rng, 2, 6);
      const lead = profile.flag
        ? { category: "negative" as const, ageDays: between(rng, fromChecked, 6.5), flag: profile.flag }
        : { category: pick(rng, ["deal", "deal", "new_fund"] as const), ageDays: between(rng, fromChecked, 6.5), flag: null };
      plan.push(lead);
      for (let i = 1; i < count; i++) {
        const others = profile.flag
          ? (["deal", "thesis_or_content", "thesis_or_content", "hire_or_departure", "irrelevant"] as const)
          : (["deal", "deal", "thesis_or_content", "thesis_or_content", "hire_or_departure", "irrelevant", "new_fund"] as const);
        plan.push({
          category: pick(rng, others),
          ageDays: between(rng, fromChecked, 80),
          flag: null,
        });
      }
      return plan;
    }
    case "recent": {
      const count = intBetween(rng, profile.flag ? 2 : 1, 4);
      const lead = profile.flag
        ? { category: "negative" as const, ageDays: between(rng, 15, 40), flag: profile.flag }
        : { category: pick(rng, ["deal", "new_fund", "thesis_or_content"] as const), ageDays: between(rng, 15, 60), flag: null };
      plan.push(lead);
      for (let i = 1; i < count; i++) {
        plan.push({
          category: pick(rng, ["deal", "thesis_or_content", "hire_or_departure", "irrelevant"] as const),
          ageDays: between(rng, Math.max(15, lead.ageDays), 85),
          flag: null,
        });
      }
      return plan;
    }
    case "stale": {
      const count = intBetween(rng, 1, 3);
      for (let i = 0; i < count; i++) {
        plan.push({
          category: pick(rng, ["deal", "deal", "new_fund", "thesis_or_content", "irrelevant"] as const),
          ageDays: between(rng, 91, 400),
          flag: null,
        });
      }
      return plan;
    }
  }
}

function buildInvestor(p: Person, profile: Profile, nowMs: number, seed: number): DemoInvestor {
  const rng = rngFor(seed, "investor", p.name);
  const host = hostOf(p.firm);
  const author: Author = { name: p.name, firm: p.firm, kind: p.kind, sectors: p.sectors, stages: p.stages, host };
  const nameSlug = slugify(p.name);
  const first = slugify(firstName(p.name));
  const last = slugify(p.name.slice(firstName(p.name).length)).replace(/-/g, "");

  const checkedAgeDays = profile.bucket === "fresh" ? between(rng, 1, 2.5) : between(rng, 1, 12);
  const checkedAtMs = Math.round(nowMs - checkedAgeDays * DAY_MS);
  const used = new Set<string>();
  const urls = new Set<string>();
  const drafted = planEvidence(rng, profile, checkedAgeDays).map((plan) => {
    const publishedMs = Math.round(nowMs - plan.ageDays * DAY_MS);
    const at = new Date(publishedMs);
    const draft = plan.flag ? draftRedFlag(rng, plan.flag, author, used, at) : draftFor(rng, plan.category, author, used, at);
    const foundMs = Math.min(checkedAtMs, Math.round(publishedMs + between(rng, 0.05, 1.5) * DAY_MS));
    // Some undated web pages, but never the ones a hook or red flag cites.
    const undated = draft.source === "web" && draft.hook === null && draft.redFlag === null && chance(rng, 0.3);
    let url = evidenceUrl(rng, draft, author, at, "");
    for (let n = 2; urls.has(url); n++) url = evidenceUrl(rng, draft, author, at, `-${n}`);
    urls.add(url);
    return {
      draft,
      ageDays: plan.ageDays,
      row: toEvidence(draft, url, undated ? null : at.toISOString(), new Date(foundMs).toISOString()),
    };
  });
  drafted.sort((a, b) => a.ageDays - b.ageDays);
  const evidence = drafted.map((d) => d.row);

  const hasSignals = evidence.length > 0;
  const redFlag = drafted.find((d) => d.draft.redFlag !== null)?.draft.redFlag ?? null;
  const hook = redFlag === null ? (drafted.find((d) => d.draft.hook !== null && d.ageDays <= 60)?.draft.hook ?? null) : null;

  const contact = contactDays(rng, profile);
  const lastContact = contact.lastDays === null ? null : isoDay(nowMs - contact.lastDays * DAY_MS);
  const contacts = contact.lastDays === null ? [] : buildContacts(rng, profile.status, contact.lastDays, contact.count, nowMs);
  const checks = checkSizes(rng, p);

  return {
    name: p.name,
    firm: p.firm,
    kind: p.kind,
    website: host ? `https://${host}` : chance(rng, 0.4) ? `https://${nameSlug}.example.org` : null,
    linkedin_url: chance(rng, 0.85) ? `https://linkedin.example.com/in/${nameSlug}` : null,
    email: chance(rng, 0.9) ? (host ? `${first}@${host}` : `${first}.${last}@example.net`) : null,
    sectors: [...p.sectors],
    stages: [...p.stages],
    geographies: [...p.geographies],
    check_min: checks?.min ?? null,
    check_max: checks?.max ?? null,
    relationship_status: profile.status,
    last_contact_date: lastContact,
    personal_notes: chance(rng, 0.45) ? pick(rng, PERSONAL_NOTES) : null,
    signal_activity: hasSignals ? clampScore(intBetween(rng, 4, 10) + activityPoints(evidence, checkedAtMs)) : null,
    signal_fit: hasSignals ? fitFrom(rng, evidence) : null,
    signal_hook: hook,
    signal_red_flag: redFlag,
    signals_checked_at: hasSignals ? new Date(checkedAtMs).toISOString() : null,
    evidence,
    contacts,
    ...demoMoney(p.name, profile.status, nowMs, seed),
  };
}

function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * The demo pipeline as of `now`, ordered by name (code-unit order, the same as SQLite's default
 * BINARY collation for these names). Same `now` and seed → the same rows.
 */
export function buildDemoInvestors(now: Date, seed: number = DEFAULT_DEMO_SEED): DemoInvestor[] {
  const profiles = parseProfiles();
  if (profiles.length !== PEOPLE.length) {
    throw new Error(`demo plan has ${profiles.length} profiles for ${PEOPLE.length} people`);
  }
  const assigned = shuffled(rngFor(seed, "profiles"), profiles);
  const nowMs = now.getTime();
  return PEOPLE.map((p, i) => buildInvestor(p, assigned[i] as Profile, nowMs, seed)).sort(byName);
}
