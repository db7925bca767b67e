import { describe, expect, it } from "vitest";
import { dashboardSearch, parseDashboardQuery } from "#app/domain/dashboard-query.ts";

const parse = (search: string) => parseDashboardQuery(new URLSearchParams(search));

describe("the dashboard's query", () => {
  it("reads filters, sort and page, with defaults", () => {
    expect(parse("")).toEqual({ q: "", action: undefined, status: undefined, sort: "score", dir: "desc", page: 1 });
    expect(parse("q=+anna+&action=follow_up&status=contacted&sort=name&page=3")).toEqual({
      q: "anna",
      action: "follow_up",
      status: "contacted",
      sort: "name",
      dir: "asc",
      page: 3,
    });
    expect(parse("sort=last_contact&dir=asc").dir).toBe("asc");
  });

  it("falls back to the default for a bad value rather than failing", () => {
    expect(parse(`q=${"x".repeat(201)}&action=hug&status=friend&sort=vibes&dir=up&page=0`)).toEqual({
      q: "",
      action: undefined,
      status: undefined,
      sort: "score",
      dir: "desc",
      page: 1,
    });
    for (const page of ["-2", "1.5", "abc", "100001", ""]) expect(parse(`page=${page}`).page).toBe(1);
    for (const startup of ["0", "-1", "2.5", "abc", "9007199254740993", ""]) expect(parse(`for=${startup}`).for).toBeUndefined();
    expect(parse("for=7").for).toBe(7);
  });

  it("round-trips through the URL it writes", () => {
    const query = parse("q=fin&status=passed&sort=status&dir=desc&page=2&for=4");
    expect(parse(dashboardSearch(query).slice(1))).toEqual(query);
  });
});
