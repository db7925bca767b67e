import type { PathTier } from "#app/domain/intros.ts";
import { rawMessage } from "./dovecot.ts";

/**
 * A labelled mailbox for paths from mail (docs/product.md#paths-from-mail): a founder's INBOX and
 * Sent over a year, generated from scenes a founder's mail really has — friends of investors on
 * long threads, one-off introductions, lapsed acquaintances, cold mail nobody answered,
 * newsletters, calendar robots, broadcasts, the team's own colleagues, partners writing to their
 * own colleagues — and beside each scene the path a person reading the mail would say it shows
 * (the labels), with the tier they would give it. The labels come from the scene's intent, not from
 * the rule: where the two disagree (a close friend quiet for seven months, an intro that became a
 * second conversation) the test counts it against the rule.
 */

export const MAILBOX_NOW = new Date("2026-11-25T12:00:00Z");
export const FOUNDER_ADDRESS = "founder@startup.test";
export const MEMBER_ADDRESS = "ola@startup.test";

export type LabelledInvestor = { name: string; email: string | null; website: string | null };
/** A path the mail shows: through a person's address, or the member's own ("member:owner", "member:ola"). */
export type PathLabel = { via: string; investor: string; tier: PathTier };

export type LabelledMailbox = {
  investors: LabelledInvestor[];
  inbox: string[];
  sent: string[];
  labels: PathLabel[];
  people: Set<string>;
  investorDomains: Set<string>;
};

const FIRST = [
  "Lena",
  "Erik",
  "Sofia",
  "Jonas",
  "Ingrid",
  "Mats",
  "Astrid",
  "Nils",
  "Freya",
  "Oskar",
  "Elin",
  "Henrik",
  "Maja",
  "Anton",
  "Sara",
  "Viktor",
  "Ida",
  "Lars",
  "Emma",
  "Karl",
  "Alva",
  "Gustav",
  "Tuva",
  "Axel",
  "Nora",
];
const LAST = [
  "Berg",
  "Solberg",
  "Lind",
  "Dahl",
  "Holm",
  "Strand",
  "Nygaard",
  "Aas",
  "Moe",
  "Vik",
  "Lie",
  "Haug",
  "Bakke",
  "Eide",
  "Foss",
  "Ruud",
];
const FIRMS = [
  "northzone",
  "fjordclimate",
  "skagerrak",
  "aurora",
  "polarfront",
  "nordicseed",
  "tundra",
  "glacier",
  "midnight",
  "saga",
  "runestone",
  "evergreen",
  "lighthouse",
  "harbour",
  "summit",
  "brightpine",
  "coastline",
  "stormbay",
  "icefjord",
  "northstar",
  "birchwood",
  "granite",
];

/** A small seeded generator (mulberry32): the same mailbox every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Person = { name: string; address: string };

export function labelledMailbox(): LabelledMailbox {
  const rand = random(37);
  const inbox: string[] = [];
  const sent: string[] = [];
  const labels: PathLabel[] = [];
  const people = new Set<string>();
  let threadCount = 0;
  let personCount = 0;

  const founder: Person = { name: "Maja Founder", address: FOUNDER_ADDRESS };
  const ola: Person = { name: "Ola Member", address: MEMBER_ADDRESS };
  const newPerson = (domain?: string): Person => {
    const first = FIRST[personCount % FIRST.length]!;
    // A name of their own: people are one per name (ensurePerson), so no two share one here.
    const last = LAST[Math.floor(personCount / FIRST.length) % LAST.length]!;
    personCount++;
    const at =
      domain ??
      (personCount % 5 === 0 ? "gmail.com" : `${["studio", "labs", "partners", "group", "advisory"][personCount % 5]}${personCount}.com`);
    const person = { name: `${first} ${last}`, address: `${first}.${last}${personCount}@${at}`.toLowerCase() };
    people.add(person.address);
    return person;
  };

  // Investors: 22 firms (partner's own address at the firm), two with a website only, two angels on free mail.
  const investors: LabelledInvestor[] = [];
  const partners: Person[] = [];
  for (const [index, firm] of FIRMS.entries()) {
    const name = `${FIRST[(index * 7) % FIRST.length]} ${LAST[(index * 5) % LAST.length]} (${firm})`;
    const address = `partner@${firm}.vc`;
    const websiteOnly = index >= FIRMS.length - 2;
    investors.push({ name, email: websiteOnly ? null : address, website: `https://www.${firm}.vc/team` });
    partners.push({ name, address: websiteOnly ? `jan@${firm}.vc` : address });
  }
  for (const angel of ["ann.angel", "bo.angel"]) {
    const name = `${angel} (angel)`;
    investors.push({ name, email: `${angel}@gmail.com`, website: null });
    partners.push({ name, address: `${angel}@gmail.com` });
  }
  const investorDomains = new Set(
    investors
      .flatMap((i) => [i.email?.split("@")[1], i.website?.split("/")[2]?.replace("www.", "")])
      .filter((d): d is string => !!d && d !== "gmail.com"),
  );

  const date = (daysAgo: number) => new Date(MAILBOX_NOW.getTime() - daysAgo * 86_400_000 - Math.floor(rand() * 8) * 3_600_000);
  const fmt = (p: Person) => `${p.name} <${p.address}>`;

  /** One thread: each step is [sender, to, cc] in order; the founder's own go to Sent. */
  /** `extraHeaders` go on every message; a step's own fourth element on that message alone. */
  const thread = (daysAgo: number, steps: Array<[Person, Person[], Person[], string?]>, extraHeaders = "") => {
    const id = ++threadCount;
    const ids: string[] = [];
    steps.forEach(([from, to, cc, own], step) => {
      const messageId = `<t${id}.${step}@${from.address.split("@")[1]}>`;
      const headers = [extraHeaders, own ?? "", ids.length > 0 ? `In-Reply-To: ${ids[ids.length - 1]}\r\nReferences: ${ids.join(" ")}` : ""]
        .filter(Boolean)
        .join("\r\n");
      const raw = rawMessage({
        from: fmt(from),
        to: to.map(fmt).join(", "),
        cc: cc.length > 0 ? cc.map(fmt).join(", ") : undefined,
        subject: `${step > 0 ? "Re: " : ""}Thread ${id}`,
        date: date(Math.max(0, daysAgo - step)).toUTCString(),
        messageId,
        extraHeaders: headers,
      });
      ids.push(messageId);
      (from.address === founder.address ? sent : inbox).push(raw);
    });
  };

  const conversation = (person: Person, investor: Person, daysAgo: number, turns: number, observers: Person[] = []) => {
    const steps: Array<[Person, Person[], Person[]]> = [];
    for (let turn = 0; turn < turns; turn++) {
      const [from, to] = turn % 2 === 0 ? [person, investor] : [investor, person];
      steps.push([from, [to], [founder, ...observers]]);
    }
    thread(daysAgo, steps);
  };
  const partnerOf = (index: number) => partners[index]!;
  const investorName = (index: number) => investors[index]!.name;

  // Strong: 3–5 threads in the last 150 days, both writing on most (Cc chains with observers who never write).
  for (let i = 0; i < 8; i++) {
    const person = newPerson();
    const observer = newPerson();
    const threads = 3 + (i % 3);
    for (let t = 0; t < threads; t++) conversation(person, partnerOf(i), 10 + t * 30 + i, t % 2 === 0 ? 3 : 2, t === 0 ? [observer] : []);
    labels.push({ via: person.address, investor: investorName(i), tier: "strong" });
  }
  // Strong through a colleague at the firm (not the investor's own address) and with a website-only firm.
  for (const [index, local] of [
    [8, "associate"],
    [20, "jan"],
  ] as const) {
    const person = newPerson();
    const colleague: Person = { name: `${local} at ${FIRMS[index]}`, address: `${local}@${FIRMS[index]}.vc` };
    for (let t = 0; t < 4; t++) conversation(person, colleague, 20 + t * 25, 3);
    labels.push({ via: person.address, investor: investorName(index), tier: "strong" });
  }
  // Strong with an angel on free mail (only the exact address matches).
  {
    const person = newPerson();
    for (let t = 0; t < 3; t++) conversation(person, partnerOf(22), 15 + t * 20, 3);
    labels.push({ via: person.address, investor: investorName(22), tier: "strong" });
    // Someone else at gmail.com who is not the angel: no path.
    const other = newPerson();
    for (let t = 0; t < 3; t++) conversation(other, { name: "Random Gmail", address: "random.person@gmail.com" }, 12 + t * 20, 3);
  }
  // A close friend gone quiet for seven months (a person would still say strong; the rule says moderate).
  {
    const person = newPerson();
    for (let t = 0; t < 4; t++) conversation(person, partnerOf(9), 215 + t * 20, 3);
    labels.push({ via: person.address, investor: investorName(9), tier: "strong" });
  }
  // Moderate: two conversations in the last year.
  for (let i = 10; i < 16; i++) {
    const person = newPerson();
    conversation(person, partnerOf(i), 60 + i, 2);
    conversation(person, partnerOf(i), 240 + i, 2);
    labels.push({ via: person.address, investor: investorName(i), tier: "moderate" });
  }
  // Weak: a one-off introduction (the person introduces the founder, the investor thanks, the founder
  // answers both): a weak path through the person and a weak direct path of the owner's.
  for (let i = 16; i < 22; i++) {
    const person = newPerson();
    thread(30 + i, [
      [person, [partnerOf(i)], [founder]],
      [partnerOf(i), [person], [founder]],
      [founder, [partnerOf(i)], [person]],
      [partnerOf(i), [founder], []],
    ]);
    labels.push({ via: person.address, investor: investorName(i), tier: "weak" });
    labels.push({ via: "member:owner", investor: investorName(i), tier: "weak" });
  }
  // An introduction that became a second conversation a month later (a person still calls it an intro: weak).
  {
    const person = newPerson();
    thread(90, [
      [person, [partnerOf(23)], [founder]],
      [partnerOf(23), [person], [founder]],
    ]);
    conversation(person, partnerOf(23), 50, 2);
    labels.push({ via: person.address, investor: investorName(23), tier: "weak" });
  }
  // Lapsed: three conversations, all more than a year and a half ago.
  for (let i = 0; i < 3; i++) {
    const person = newPerson();
    for (let t = 0; t < 3; t++) conversation(person, partnerOf(i + 3), 500 + t * 30, 2);
    labels.push({ via: person.address, investor: investorName(i + 3), tier: "weak" });
  }
  // Cold mail nobody answered: one-way, no path (twice to the same partner, still one-way).
  for (let i = 0; i < 6; i++) {
    const person = newPerson();
    thread(40 + i, [[person, [partnerOf(i * 3)], [founder]]]);
    thread(20 + i, [[person, [partnerOf(i * 3)], [founder]]]);
  }
  // Newsletters from the firms (list headers, or Precedence: bulk), to the founder with people in
  // Cc, and a reader's reply on the newsletter's thread: never a path (read as a person's mail, the
  // partner and the reader would both have written on one thread).
  for (let i = 0; i < 6; i++) {
    const readers = [newPerson(), newPerson()];
    const bulk =
      i % 3 === 2
        ? "Precedence: bulk"
        : `List-Id: <news.${FIRMS[i + 10]}.vc>\r\nList-Unsubscribe: <mailto:unsubscribe@${FIRMS[i + 10]}.vc>`;
    thread(5 + i * 9, [
      [partnerOf(i + 10), [founder], readers, bulk],
      [readers[0]!, [partnerOf(i + 10)], [founder]],
    ]);
  }
  // Calendar robots and a bounce: machines are never connectors.
  for (let i = 0; i < 5; i++) {
    const robot: Person = { name: "Calendly", address: "noreply@calendly.com" };
    thread(3 + i, [
      [robot, [partnerOf(i)], [founder]],
      [partnerOf(i), [robot], [founder]],
    ]);
  }
  thread(4, [
    [{ name: "Mail Delivery", address: "mailer-daemon@mx.startup-mail.com" }, [founder], [partnerOf(2)]],
    [partnerOf(2), [{ name: "Mail Delivery", address: "mailer-daemon@mx.startup-mail.com" }], []],
  ]);
  // A broadcast (an update to 35 people, investors among them) and an investor's reply-all: no relationship.
  {
    const crowd = Array.from({ length: 33 }, () => newPerson());
    thread(25, [
      [crowd[0]!, [partnerOf(5), partnerOf(6), ...crowd.slice(1)], [founder]],
      [partnerOf(5), [crowd[0]!, partnerOf(6), ...crowd.slice(1)], [founder]],
    ]);
  }
  // The team's own domain: a colleague who is not a member is never a connector; the member Ola's own
  // mail with a partner is a direct path.
  {
    const intern: Person = { name: "Intern Startup", address: "intern@startup.test" };
    for (let t = 0; t < 3; t++) conversation(intern, partnerOf(7), 10 + t * 20, 3);
    for (let t = 0; t < 3; t++) conversation(ola, partnerOf(12), 12 + t * 20, 3);
    labels.push({ via: "member:ola", investor: investorName(12), tier: "strong" });
  }
  // Partners writing with their own colleagues: not a way in to their own firm.
  for (let i = 0; i < 3; i++) {
    const colleague: Person = { name: `Analyst ${i}`, address: `analyst@${FIRMS[i]}.vc` };
    for (let t = 0; t < 3; t++) conversation(colleague, partnerOf(i), 8 + t * 15, 3);
  }
  // One-way both ways: the founder once wrote to someone copying a partner, and the partner wrote on
  // other threads copying the founder, but they never wrote on one thread together: no path.
  for (let i = 0; i < 4; i++) {
    const a = newPerson();
    thread(33 + i, [[founder, [a], [partnerOf(i + 14)]]]);
  }
  // The founder's own two-way mail with three partners (updates and answers): direct paths.
  for (let i = 0; i < 3; i++) {
    for (let t = 0; t < 3; t++) {
      thread(14 + t * 40 + i, [
        [founder, [partnerOf(i)], []],
        [partnerOf(i), [founder], []],
        [founder, [partnerOf(i)], []],
      ]);
    }
    labels.push({ via: "member:owner", investor: investorName(i), tier: "strong" });
  }
  return { investors, inbox, sent, labels, people, investorDomains };
}

/** Precision, recall and tiers right, with the paths found keyed as the labels are. */
export function scorePaths(labels: readonly PathLabel[], found: readonly PathLabel[]) {
  const key = (path: PathLabel) => `${path.via} → ${path.investor}`;
  const expected = new Map(labels.map((label) => [key(label), label.tier]));
  const got = new Map(found.map((path) => [key(path), path.tier]));
  const hits = [...got.keys()].filter((k) => expected.has(k));
  const tiersRight = hits.filter((k) => expected.get(k) === got.get(k));
  return {
    precision: got.size === 0 ? 0 : hits.length / got.size,
    recall: expected.size === 0 ? 0 : hits.length / expected.size,
    tierAccuracy: hits.length === 0 ? 0 : tiersRight.length / hits.length,
    falsePositives: [...got.keys()].filter((k) => !expected.has(k)),
    missed: [...expected.keys()].filter((k) => !got.has(k)),
    wrongTiers: hits.filter((k) => expected.get(k) !== got.get(k)).map((k) => `${k}: labelled ${expected.get(k)}, found ${got.get(k)}`),
  };
}
