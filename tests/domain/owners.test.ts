import { describe, expect, it } from "vitest";
import { buildChatContext } from "#app/domain/chat/context.ts";
import { ownerAsked } from "#app/domain/chat/owners.ts";
import type { ChatInvestor } from "#app/domain/chat/schema.ts";
import { summaryAnswer } from "#app/domain/chat/summary.ts";
import { composeDigest } from "#app/domain/digest.ts";
import { parseDashboardQuery, dashboardSearch } from "#app/domain/dashboard-query.ts";
import { appOwnedAfterEdit } from "#app/domain/import/app-owned.ts";
import { assignOwners, matchOwner, unmatchedOwnersSentence } from "#app/domain/import/owners.ts";
import { parseInvestorRecordsSteps, runSteps } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { changedColumnsText, describeChanges } from "#app/domain/import/preview.ts";
import { readUpload } from "#app/domain/import/spreadsheet.ts";
import { askedSentence } from "#app/domain/import/value-table.ts";
import { investorEditSchema } from "#app/domain/investor.ts";
import { editFromForm, investorEditFormSchema, userOwnedPatch } from "#app/domain/investor-edit.ts";
import { TEAM_SHEET } from "#tests/helpers/founder-sheets.ts";

const TEAM = [
  { id: 1, name: "Maren Olsen" },
  { id: 2, name: "Jonas Berg" },
  { id: 3, name: "Jonas Lie" },
];

describe("an owner per investor: the edit (decision 062)", () => {
  it("sets and clears the owner through the user-owned patch", () => {
    expect(userOwnedPatch(investorEditSchema.parse({ owner_member_id: 2 }))).toEqual({ ownerMemberId: 2 });
    expect(userOwnedPatch(investorEditSchema.parse({ owner_member_id: null }))).toEqual({ ownerMemberId: null });
    expect(userOwnedPatch(investorEditSchema.parse({ relationship_status: "contacted" }))).not.toHaveProperty("ownerMemberId");
    expect(investorEditSchema.safeParse({ owner_member_id: 0 }).success).toBe(false);
    expect(investorEditSchema.safeParse({ owner_member_id: "2" }).success).toBe(false);
  });

  it("the form writes the owner only when the select changed: Nobody clears, the same owner leaves it alone", () => {
    const form = (fields: Record<string, string>) => investorEditFormSchema.parse(fields);
    expect(editFromForm(form({ owner_member_id: "2" }), { owner_member_id: "1" }).owner_member_id).toBe(2);
    expect(editFromForm(form({}), { owner_member_id: "1" }).owner_member_id).toBeNull();
    expect(editFromForm(form({ owner_member_id: "1" }), { owner_member_id: "1" }).owner_member_id).toBeUndefined();
    // A page from before the select did not show it: an absent owner is left alone.
    expect(editFromForm(form({}), {}).owner_member_id).toBeUndefined();
  });

  it("an owner set in the app is the founder's: a re-import does not take it back", () => {
    expect(appOwnedAfterEdit([], ["ownerMemberId"])).toEqual(["ownerMemberId"]);
  });

  it("reads ?mine=1 and keeps it in the table's links", () => {
    const query = parseDashboardQuery(new URLSearchParams("mine=1&status=contacted"));
    expect(query.mine).toBe(true);
    expect(dashboardSearch(query, { page: 2 })).toContain("mine=1");
    expect(parseDashboardQuery(new URLSearchParams("mine=yes")).mine).toBeUndefined();
  });
});

describe("the Owner column (decision 062)", () => {
  it("matches a name to a member whatever its case and accents, a unique first name, and an initial", () => {
    expect(matchOwner("Maren Olsen", TEAM)).toBe(1);
    expect(matchOwner("  maren   OLSEN ", TEAM)).toBe(1);
    expect(matchOwner("Máren", TEAM)).toBe(1);
    expect(matchOwner("Maren O.", TEAM)).toBe(1);
    expect(matchOwner("Jonas B.", TEAM)).toBe(2);
    expect(matchOwner("jonas lie", TEAM)).toBe(3);
    // Two Jonases: the first name alone names neither.
    expect(matchOwner("Jonas", TEAM)).toBeUndefined();
    expect(matchOwner("Maren K.", TEAM)).toBeUndefined();
    expect(matchOwner("Mar", TEAM)).toBeUndefined();
    expect(matchOwner("", TEAM)).toBeUndefined();
  });

  async function plannedSheet() {
    const records = await readUpload(TEAM_SHEET.bytes);
    if ("error" in records) throw new Error(records.error);
    const parsed = runSteps(parseInvestorRecordsSteps(records, {}));
    expect(askedSentence(parsed.values)).toBe("");
    expect(parsed.mapping?.columns.find((column) => column.header === "Owner")?.target).toBe("owner");
    return { parsed, plan: planImport(parsed, []) };
  }

  it("gives the co-founders' sheet its owners: 38 rows Maren's, 22 Jonas's, none in the notes", async () => {
    const { parsed, plan } = await plannedSheet();
    expect(plan.create).toHaveLength(TEAM_SHEET.rows.maren + TEAM_SHEET.rows.jonas);
    const team = [
      { id: 7, name: TEAM_SHEET.team.maren },
      { id: 9, name: TEAM_SHEET.team.jonas },
    ];
    const { plan: owned, unmatched } = assignOwners(plan, team);
    expect(unmatched).toEqual([]);
    const count = (id: number) => owned.create.filter((row) => row.owner_member_id === id).length;
    expect(count(7)).toBe(TEAM_SHEET.rows.maren);
    expect(count(9)).toBe(TEAM_SHEET.rows.jonas);
    for (const row of owned.create) expect(row.given).toContain("owner");
    for (const row of parsed.rows) expect(row.personal_notes ?? "").not.toMatch(/Maren|Jonas/i);
  });

  it("keeps a name the team does not have, says how many rows it is on, and imports them without an owner", async () => {
    const { plan } = await plannedSheet();
    const { plan: owned, unmatched } = assignOwners(plan, [{ id: 7, name: TEAM_SHEET.team.maren }]);
    expect(unmatched).toEqual([{ name: "Jonas", rows: TEAM_SHEET.rows.jonas }]);
    expect(unmatchedOwnersSentence(unmatched)).toBe(
      "Jonas (22 rows) is not on your team yet — invite them on /settings. Their rows are imported without an owner.",
    );
    const jonas = owned.create.filter((row) => row.owner?.toLowerCase() === "jonas");
    expect(jonas).toHaveLength(TEAM_SHEET.rows.jonas);
    for (const row of jonas) {
      expect(row.owner_member_id).toBeUndefined();
      expect(row.given).not.toContain("owner");
    }
    expect(unmatchedOwnersSentence([])).toBe("");
  });

  it("says an update that gives an owner in words", () => {
    expect(describeChanges([{ columns: ["ownerMemberId"] }, { columns: ["ownerMemberId", "relationshipStatus"] }])).toBe(
      "1 changes status, 2 get a new owner",
    );
  });
});

describe("follow-ups that name their owner (decision 062)", () => {
  const row = (id: number, name: string, owner: string | null, action: ChatInvestor["action"] = "follow_up"): ChatInvestor => ({
    id,
    name,
    firm: null,
    score: 50 - id,
    action,
    relationship_status: "contacted",
    last_contact_date: `2026-11-0${id}`,
    signal_hook: null,
    signal_red_flag: null,
    sectors: [],
    stages: [],
    geographies: [],
    owner,
  });
  const rows = [
    row(1, "Fjord Climate", "Jonas Berg"),
    row(2, "Aurora Ventures", "Maren Olsen"),
    row(3, "Polar Angels", "Jonas Berg"),
    row(4, "Nordic Seed", "Jonas Berg", "email_first"),
    row(5, "Oslo Impact", null),
  ];
  const kpis = { tracked: 5, emailFirst: 1, followUpsDue: 4, dontChase: 0 };
  const team = ["Maren Olsen", "Jonas Berg"];

  it("reads a question about a member's due work, by full or first name, whatever the accents", () => {
    expect(ownerAsked("what does Jonas have due?", team)).toBe("Jonas Berg");
    expect(ownerAsked("Which follow-ups are on Maren Olsen?", team)).toBe("Maren Olsen");
    expect(ownerAsked("what's due for jonás", team)).toBe("Jonas Berg");
    expect(ownerAsked("who is Jonas?", team)).toBeUndefined();
    expect(ownerAsked("what is due this week?", team)).toBeUndefined();
    expect(ownerAsked("what does Jonas have due?", [...team, "Jonas Lie"])).toBeUndefined();
  });

  it("answers with that member's follow-ups only, in Today's order, and cites exactly them", () => {
    const context = buildChatContext("What does Jonas have due?", rows, kpis, { team });
    expect(context.ownerDue).toEqual({ name: "Jonas Berg", follow_ups: 2 });
    expect(context.text).toContain("owner: Jonas Berg");
    const answer = summaryAnswer("What does Jonas have due?", context);
    expect(answer.answer).toMatch(/^Jonas has 2 follow-ups due: Fjord Climate .*Polar Angels/);
    expect(answer.answer).not.toContain("Aurora");
    expect(answer.answer).not.toContain("Nordic Seed");
    expect(answer.investor_ids).toEqual([1, 3]);
    const none = summaryAnswer("what does Maren have due", buildChatContext("what does Maren have due", [rows[0]!], kpis, { team }));
    expect(none.answer).toBe("Maren has no follow-ups due.");
  });

  it("the digest says whose the follow-ups due are, by first name, and still fits two segments", () => {
    const lists = { tracked: 40, emailFirst: [], emailFirstCount: 0, followUps: 30, dontChase: [], dontChaseCount: 0 };
    const owners = [
      { name: "Maren Olsen", count: 18 },
      { name: "Jonas Berg", count: 12 },
    ];
    expect(composeDigest({ ...lists, followUpOwners: owners }).text).toContain("Follow-ups due: 30 (Maren 18, Jonas 12).");
    // Those nobody owns are said too, so the numbers add up (a founder's walkthrough counted 16 = 8 + 5).
    expect(composeDigest({ ...lists, followUps: 33, followUpOwners: owners }).text).toContain(
      "Follow-ups due: 33 (Maren 18, Jonas 12, 3 unowned).",
    );
    expect(composeDigest(lists).text).toContain("Follow-ups due: 30.");
    const long = composeDigest({ ...lists, followUpOwners: owners.map((owner) => ({ ...owner, name: owner.name.repeat(30) })) });
    expect(long.segments).toBeLessThanOrEqual(2);
  });
});

describe("what do I have due? (a founder's walkthrough got the team's list)", () => {
  it("means the member asking, and only when they are on the team", () => {
    const team = ["Maren Olsen", "Jonas Berg"];
    expect(ownerAsked("what do I have due?", team, "Jonas Berg")).toBe("Jonas Berg");
    expect(ownerAsked("my follow-ups this week", team, "Maren Olsen")).toBe("Maren Olsen");
    expect(ownerAsked("what do I have due?", team)).toBeUndefined();
    expect(ownerAsked("what does Jonas have due?", team, "Maren Olsen")).toBe("Jonas Berg");
    expect(ownerAsked("what do I think of Fjord?", team, "Maren Olsen")).toBeUndefined();
    // About the pipeline, not the asker's own (the chat's server test caught this one).
    expect(ownerAsked("Who should I not chase?", team, "Maren Olsen")).toBeUndefined();
  });
});

describe("an update's changes in the founder's words", () => {
  it("says owner, not owner member id, and a cheque's three columns once", () => {
    expect(changedColumnsText(["ownerMemberId", "checkMin", "checkMax", "checkCurrency", "relationshipStatus"])).toBe(
      "owner, cheque range, status",
    );
  });
});
