import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildDemoInvestors, simulateDemoRefresh, type DemoEvidence, type DemoInvestor } from "#app/domain/demo-data.ts";
import { EVIDENCE_CATEGORIES, INVESTOR_KINDS, RELATIONSHIP_STATUSES, STAGES } from "#app/domain/investor.ts";

const NOW = new Date("2026-11-22T09:30:00.000Z");
const DAY_MS = 86_400_000;
const ACTIVE = new Set(["contacted", "in_conversation", "meeting_scheduled", "due_diligence"]);
const CLOSED = new Set(["passed", "not_a_fit", "committed"]);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const RESERVED_HOST = /(^|\.)example\.(com|org|net)$/;

const investors = buildDemoInvestors(NOW);

function ageDays(row: DemoEvidence, now = NOW): number {
  return (now.getTime() - Date.parse(row.published_at ?? row.found_at)) / DAY_MS;
}

/** Whole days between a YYYY-MM-DD date and the UTC day of `now`. */
function daysSince(date: string, now = NOW): number {
  return Math.round((Date.parse(now.toISOString().slice(0, 10)) - Date.parse(date)) / DAY_MS);
}

function refreshInput(list: DemoInvestor[]) {
  return list.map((i) => ({
    name: i.name,
    firm: i.firm,
    kind: i.kind,
    sectors: i.sectors,
    stages: i.stages,
    signal_activity: i.signal_activity,
    signal_fit: i.signal_fit,
    signal_hook: i.signal_hook,
    signal_red_flag: i.signal_red_flag,
    relationship_status: i.relationship_status,
  }));
}

describe("buildDemoInvestors", () => {
  it("is deterministic for the same now and seed, and changes with the seed", () => {
    expect(buildDemoInvestors(NOW)).toEqual(investors);
    expect(buildDemoInvestors(new Date(NOW.getTime()), 20261122)).toEqual(investors);
    expect(buildDemoInvestors(NOW, 7)).not.toEqual(investors);
  });

  it("has at least 60 investors with unique names, ordered by name", () => {
    expect(investors.length).toBeGreaterThanOrEqual(60);
    const names = investors.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
  });

  it("includes names with accents", () => {
    const accented = investors.filter((i) => [...i.name].some((char) => char.charCodeAt(0) > 0x7f));
    expect(accented.length).toBeGreaterThanOrEqual(10);
  });

  it("covers every kind and stage, and every status at least twice", () => {
    for (const kind of INVESTOR_KINDS) {
      expect(investors.filter((i) => i.kind === kind).length, kind).toBeGreaterThan(0);
    }
    for (const stage of STAGES) {
      expect(investors.filter((i) => i.stages.includes(stage)).length, stage).toBeGreaterThan(0);
    }
    for (const status of RELATIONSHIP_STATUSES) {
      expect(investors.filter((i) => i.relationship_status === status).length, status).toBeGreaterThanOrEqual(2);
    }
  });

  it("spreads over several geographies and sectors", () => {
    const geographies = new Set(investors.flatMap((i) => i.geographies));
    for (const g of ["Europe", "UK", "France", "Germany", "Nordics", "US", "Israel", "Global"]) {
      expect(geographies, g).toContain(g);
    }
    const sectors = new Set(investors.flatMap((i) => i.sectors));
    for (const s of ["fintech", "climate", "health", "AI", "devtools", "marketplaces", "B2B SaaS", "consumer", "deeptech"]) {
      expect(sectors, s).toContain(s);
    }
  });

  it("gives angels no firm and everyone else a firm", () => {
    for (const investor of investors) {
      if (investor.kind === "angel") expect(investor.firm, investor.name).toBeNull();
      else expect(investor.firm, investor.name).toEqual(expect.any(String));
    }
  });

  it("uses only reserved example domains for every URL and email", () => {
    const urls = investors.flatMap((i) => [
      ...(i.website ? [i.website] : []),
      ...(i.linkedin_url ? [i.linkedin_url] : []),
      ...i.evidence.map((e) => e.url),
    ]);
    expect(urls.length).toBeGreaterThan(investors.length);
    for (const url of urls) {
      const parsed = new URL(url);
      expect(parsed.protocol, url).toBe("https:");
      expect(parsed.hostname, url).toMatch(RESERVED_HOST);
    }
    const emails = investors.flatMap((i) => (i.email ? [i.email] : []));
    expect(emails.length).toBeGreaterThan(investors.length / 2);
    for (const email of emails) {
      expect(email, email).toMatch(/^[a-z0-9.-]+@[a-z0-9.-]+$/);
      expect(email.split("@")[1], email).toMatch(RESERVED_HOST);
    }
  });

  it("has evidence of varied ages: under 7 days, 15–60 days and over 90 days", () => {
    const rows = investors.flatMap((i) => i.evidence);
    expect(rows.some((r) => ageDays(r) >= 0 && ageDays(r) < 7)).toBe(true);
    expect(rows.some((r) => ageDays(r) >= 15 && ageDays(r) <= 60)).toBe(true);
    expect(rows.some((r) => ageDays(r) > 90)).toBe(true);
    expect(rows.every((r) => ageDays(r) >= 0)).toBe(true);
    // Some investors have only old evidence.
    const onlyOld = investors.filter((i) => i.evidence.length > 0 && i.evidence.every((r) => ageDays(r) > 90));
    expect(onlyOld.length).toBeGreaterThanOrEqual(3);
  });

  it("leaves at least five investors with no evidence and no signals at all", () => {
    const bare = investors.filter(
      (i) =>
        i.evidence.length === 0 &&
        i.signal_activity === null &&
        i.signal_fit === null &&
        i.signal_hook === null &&
        i.signal_red_flag === null &&
        i.signals_checked_at === null,
    );
    expect(bare.length).toBeGreaterThanOrEqual(5);
    // …and nobody else is half-empty: evidence and signals come together.
    for (const i of investors) {
      expect(i.signal_activity === null, i.name).toBe(i.evidence.length === 0);
    }
  });

  it("carries at least five red flags, each backed by an evidence row", () => {
    const flagged = investors.filter((i) => i.signal_red_flag !== null);
    expect(flagged.length).toBeGreaterThanOrEqual(5);
    for (const i of flagged) {
      expect(i.evidence.length, i.name).toBeGreaterThan(0);
      expect(
        i.evidence.some((e) => e.summary.startsWith(i.signal_red_flag ?? "-")),
        i.name,
      ).toBe(true);
    }
  });

  it("has at least five follow-ups due and some contacts that are not due yet", () => {
    const due = investors.filter(
      (i) => ACTIVE.has(i.relationship_status) && i.last_contact_date !== null && daysSince(i.last_contact_date) >= 8,
    );
    expect(due.length).toBeGreaterThanOrEqual(5);
    const recent = investors.filter(
      (i) =>
        ACTIVE.has(i.relationship_status) &&
        i.last_contact_date !== null &&
        daysSince(i.last_contact_date) >= 1 &&
        daysSince(i.last_contact_date) <= 5,
    );
    expect(recent.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps contact history consistent with the relationship", () => {
    for (const i of investors) {
      expect(i.contacts.length, i.name).toBeLessThanOrEqual(3);
      if (i.relationship_status === "not_contacted") expect(i.contacts, i.name).toEqual([]);
      if (i.last_contact_date === null) {
        expect(i.contacts, i.name).toEqual([]);
        continue;
      }
      expect(daysSince(i.last_contact_date), i.name).toBeGreaterThanOrEqual(1);
      for (const c of i.contacts) expect(c.date <= i.last_contact_date, `${i.name} ${c.date}`).toBe(true);
      const dates = i.contacts.map((c) => c.date);
      expect(dates, i.name).toEqual([...dates].sort());
    }
    expect(investors.some((i) => i.contacts.length > 0)).toBe(true);
  });

  it("keeps content hashes and URLs unique per investor, hashing url + title", () => {
    let rows = 0;
    for (const i of investors) {
      expect(i.evidence.length, i.name).toBeLessThanOrEqual(6);
      const hashes = i.evidence.map((e) => e.content_hash);
      expect(new Set(hashes).size, i.name).toBe(hashes.length);
      expect(new Set(i.evidence.map((e) => e.url)).size, i.name).toBe(i.evidence.length);
      for (const e of i.evidence) {
        rows++;
        expect(e.content_hash).toBe(
          createHash("sha256")
            .update(e.url + e.title)
            .digest("hex"),
        );
      }
    }
    expect(rows).toBeGreaterThan(100);
  });

  it("keeps signal values in range and judged evidence well formed", () => {
    for (const i of investors) {
      for (const value of [i.signal_activity, i.signal_fit]) {
        if (value === null) continue;
        expect(Number.isInteger(value), i.name).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
      if (i.signals_checked_at !== null) {
        const checkedAgo = (NOW.getTime() - Date.parse(i.signals_checked_at)) / DAY_MS;
        expect(checkedAgo, i.name).toBeGreaterThanOrEqual(1);
        expect(checkedAgo, i.name).toBeLessThanOrEqual(12);
      }
      for (const e of i.evidence) {
        expect(EVIDENCE_CATEGORIES).toContain(e.category);
        expect(["news", "linkedin", "web"]).toContain(e.source);
        expect(e.relevance).toBeGreaterThanOrEqual(0);
        expect(e.relevance).toBeLessThanOrEqual(1);
        expect(Math.round(e.relevance * 100) / 100).toBe(e.relevance);
        expect(Date.parse(e.found_at)).toBeGreaterThanOrEqual(Date.parse(e.published_at ?? e.found_at));
        if (i.signals_checked_at !== null) {
          expect(Date.parse(e.found_at)).toBeLessThanOrEqual(Date.parse(i.signals_checked_at));
        }
      }
    }
  });

  it("ties high activity to fresh deals or a new fund", () => {
    const busy = investors.filter((i) => (i.signal_activity ?? 0) >= 60);
    expect(busy.length).toBeGreaterThan(0);
    for (const i of busy) {
      const fresh = i.evidence.filter((e) => (e.category === "deal" || e.category === "new_fund") && ageDays(e) <= 30);
      expect(fresh.length, i.name).toBeGreaterThan(0);
    }
    for (const i of investors.filter((x) => x.evidence.length > 0 && x.evidence.every((e) => ageDays(e) > 90))) {
      expect(i.signal_activity, i.name).toBeLessThan(20);
    }
  });

  it("writes each hook from one of the investor's own deal or fund rows", () => {
    const hooked = investors.filter((i) => i.signal_hook !== null);
    expect(hooked.length).toBeGreaterThanOrEqual(10);
    for (const i of hooked) {
      const hook = i.signal_hook ?? "";
      const amount = /\$[\d.]+[KM]/.exec(hook)?.[0];
      expect(amount, hook).toBeDefined();
      const match = i.evidence.find((e) => {
        if ((e.category !== "deal" && e.category !== "new_fund") || e.published_at === null) return false;
        const at = new Date(e.published_at);
        const day = `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
        return hook.endsWith(` on ${day}`) && e.title.includes(amount ?? "-");
      });
      expect(match, `${i.name}: ${hook}`).toBeDefined();
    }
  });
});

describe("simulateDemoRefresh", () => {
  const input = refreshInput(investors);

  it("is deterministic for the same inputs", () => {
    expect(simulateDemoRefresh(input, NOW, 3)).toEqual(simulateDemoRefresh(refreshInput(buildDemoInvestors(NOW)), NOW, 3));
    expect(simulateDemoRefresh(input, NOW, 3)).not.toEqual(simulateDemoRefresh(input, NOW, 4));
  });

  it("checks 12–20 investors and never touches passed, not_a_fit or committed ones", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const updates = simulateDemoRefresh(input, NOW, seed);
      expect(updates.length, `seed ${seed}`).toBeGreaterThanOrEqual(12);
      expect(updates.length, `seed ${seed}`).toBeLessThanOrEqual(20);
      const indexes = updates.map((u) => u.index);
      expect(new Set(indexes).size).toBe(indexes.length);
      for (const update of updates) {
        const target = input[update.index];
        expect(target, `seed ${seed} index ${update.index}`).toBeDefined();
        expect(CLOSED.has(target?.relationship_status ?? "passed"), target?.name).toBe(false);
      }
    }
  });

  it("adds evidence published within the last 4 days, with valid signals", () => {
    let rows = 0;
    for (let seed = 1; seed <= 10; seed++) {
      for (const update of simulateDemoRefresh(input, NOW, seed)) {
        expect(update.new_evidence.length).toBeLessThanOrEqual(2);
        expect(Number.isInteger(update.signal_activity)).toBe(true);
        expect(update.signal_activity).toBeGreaterThanOrEqual(0);
        expect(update.signal_activity).toBeLessThanOrEqual(100);
        const hashes = update.new_evidence.map((e) => e.content_hash);
        expect(new Set(hashes).size).toBe(hashes.length);
        for (const e of update.new_evidence) {
          rows++;
          expect(e.published_at).not.toBeNull();
          expect(ageDays(e)).toBeGreaterThanOrEqual(0);
          expect(ageDays(e)).toBeLessThanOrEqual(4);
          expect(e.found_at).toBe(NOW.toISOString());
          expect(new URL(e.url).hostname).toMatch(RESERVED_HOST);
          expect(e.content_hash).toBe(
            createHash("sha256")
              .update(e.url + e.title)
              .digest("hex"),
          );
        }
      }
    }
    expect(rows).toBeGreaterThan(0);
  });

  it("gives investors without signals their first evidence", () => {
    const updates = simulateDemoRefresh(input, NOW, 5);
    const firstChecks = updates.filter((u) => input[u.index]?.signal_activity === null);
    expect(firstChecks.length).toBeGreaterThan(0);
    for (const u of firstChecks) expect(u.new_evidence.length).toBeGreaterThan(0);
  });

  it("raises at most one new red flag per run, and some run raises one", () => {
    let raised = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const updates = simulateDemoRefresh(input, NOW, seed);
      const fresh = updates.filter((u) => u.signal_red_flag !== null && input[u.index]?.signal_red_flag === null);
      expect(fresh.length, `seed ${seed}`).toBeLessThanOrEqual(1);
      raised += fresh.length;
      // Existing flags are kept.
      for (const u of updates) {
        const before = input[u.index]?.signal_red_flag ?? null;
        if (before !== null) expect(u.signal_red_flag).toBe(before);
      }
    }
    expect(raised).toBeGreaterThan(0);
  });

  it("uses new URLs on a refresh at another time", () => {
    const later = new Date(NOW.getTime() + 3 * DAY_MS);
    const first = simulateDemoRefresh(input, NOW, 9).flatMap((u) => u.new_evidence.map((e) => e.url));
    const second = simulateDemoRefresh(input, later, 9).flatMap((u) => u.new_evidence.map((e) => e.url));
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    expect(first.filter((url) => second.includes(url))).toEqual([]);
  });

  it("never repeats a URL for the same investor over many refreshes", () => {
    const seen = new Map<number, Set<string>>();
    let rows = 0;
    for (let day = 0; day < 30; day++) {
      const at = new Date(NOW.getTime() + day * DAY_MS);
      for (const update of simulateDemoRefresh(input, at, 9)) {
        const urls = seen.get(update.index) ?? new Set<string>();
        for (const e of update.new_evidence) {
          rows++;
          expect(urls.has(e.url), `${input[update.index]?.name}: ${e.url}`).toBe(false);
          urls.add(e.url);
        }
        seen.set(update.index, urls);
      }
    }
    expect(rows).toBeGreaterThan(100);
  });

  it("selects the same investors whatever order they are passed in", () => {
    const reversed = [...input].reverse();
    const names = (list: typeof input, seed: number) =>
      simulateDemoRefresh(list, NOW, seed)
        .map((u) => list[u.index]?.name)
        .sort();
    expect(names(reversed, 11)).toEqual(names(input, 11));
  });
});
