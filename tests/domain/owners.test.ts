import { describe, expect, it } from "vitest";
import { parseDashboardQuery, dashboardSearch } from "#app/domain/dashboard-query.ts";
import { appOwnedAfterEdit } from "#app/domain/import/app-owned.ts";
import { assignOwners, matchOwner, unmatchedOwnersSentence } from "#app/domain/import/owners.ts";
import { parseInvestorRecordsSteps, runSteps } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
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
});
