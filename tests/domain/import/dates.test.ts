import { describe, expect, it } from "vitest";
import { decideDateOrder, parseDate } from "#app/domain/import/dates.ts";

describe("parseDate", () => {
  it.each([
    ["2026-11-05", "month_first", "2026-11-05"],
    ["2026/03/15", "month_first", "2026-03-15"],
    ["05/11/2026", "month_first", "2026-05-11"],
    ["05/11/2026", "day_first", "2026-11-05"],
    ["5.11.2026", "month_first", "2026-11-05"],
    ["Nov 5, 2026", "month_first", "2026-11-05"],
    ["November 5 2026", "month_first", "2026-11-05"],
    ["5 Nov 2026", "month_first", "2026-11-05"],
    ["2026年3月15日", "month_first", "2026-03-15"],
    ["46331", "month_first", "2026-11-05"],
    ["2026-07-10T09:30:00Z", "month_first", "2026-07-10"],
  ] as const)("reads %j (%s) as %s", (cell, order, iso) => {
    expect(parseDate(cell, order)).toBe(iso);
  });

  it.each(["2026-02-30", "13/13/2026", "soon", "", "12", "Foo 5, 2026"])("refuses %j", (cell) => {
    expect(parseDate(cell)).toBeUndefined();
  });
});

describe("decideDateOrder", () => {
  it("is day-first when a first number passes 12", () => {
    expect(decideDateOrder(["05/11/2026", "25/10/2026"])).toEqual({ order: "day_first", evidence: true });
  });
  it("is month-first when a second number passes 12", () => {
    expect(decideDateOrder(["05/11/2026", "10/25/2026"])).toEqual({ order: "month_first", evidence: true });
  });
  it("is month-first without evidence when every date is ambiguous", () => {
    expect(decideDateOrder(["05/11/2026", "2026-01-01"])).toEqual({ order: "month_first", evidence: false });
  });
});
