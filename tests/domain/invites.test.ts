import { describe, expect, it } from "vitest";
import { cleanMemberName } from "#app/domain/people.ts";
import {
  INVITE_DAYS,
  canManageTeam,
  nameInUse,
  inviteExpiry,
  inviteState,
  memberForLogin,
  passphraseProblem,
} from "#app/domain/invites.ts";

const NOW = new Date("2026-12-02T09:00:00.000Z");

describe("an invitation", () => {
  it("is valid for 7 days from when it was made", () => {
    expect(INVITE_DAYS).toBe(7);
    expect(inviteExpiry(NOW).toISOString()).toBe("2026-12-09T09:00:00.000Z");
  });

  it("is open until it expires, expired from that instant, used once used, unknown when there is none", () => {
    const expiresAt = inviteExpiry(NOW).toISOString();
    expect(inviteState({ expiresAt, usedAt: null }, NOW)).toBe("open");
    expect(inviteState({ expiresAt, usedAt: null }, new Date("2026-12-09T08:59:59.999Z"))).toBe("open");
    expect(inviteState({ expiresAt, usedAt: null }, new Date(expiresAt))).toBe("expired");
    // A used link says so even after it would have expired: the truer reason.
    expect(inviteState({ expiresAt, usedAt: NOW.toISOString() }, new Date("2027-01-01T00:00:00Z"))).toBe("used");
    expect(inviteState(undefined, NOW)).toBe("unknown");
  });
});

describe("a passphrase", () => {
  it("needs at least 12 characters, counted as a person counts them", () => {
    expect(passphraseProblem("short words")).toMatch(/at least 12/);
    expect(passphraseProblem("correct horse")).toBeUndefined();
    // Twelve characters, some of them outside the BMP: not refused as too short.
    expect(passphraseProblem("ŝalmo🎺🎺 brilas")).toBeUndefined();
    expect(passphraseProblem("🎺".repeat(11))).toMatch(/at least 12/);
  });

  it("refuses one repeated character and anything past 256 characters", () => {
    expect(passphraseProblem("aaaaaaaaaaaaaaaa")).toMatch(/different characters/);
    expect(passphraseProblem("abcd".repeat(65))).toMatch(/at most 256/);
    expect(passphraseProblem("abcd".repeat(64))).toBeUndefined();
  });
});

describe("the member a sign-in name means", () => {
  const team = [
    { id: 1, name: "Maren Holt", email: "maren@example.com" },
    { id: 2, name: "Jonas", email: null },
    { id: 3, name: "Alex", email: "alex.one@example.com" },
    { id: 4, name: "alex", email: "alex.two@example.com" },
  ];

  it("finds a member by email or by name, in any case and with spaces around", () => {
    expect(memberForLogin(team, " MAREN@example.com ")?.id).toBe(1);
    expect(memberForLogin(team, "maren holt")?.id).toBe(1);
    expect(memberForLogin(team, "Jonas")?.id).toBe(2);
  });

  it("asks two members of one name for their email, and finds nobody for an empty or unknown name", () => {
    expect(memberForLogin(team, "Alex")).toBeUndefined();
    expect(memberForLogin(team, "alex.two@example.com")?.id).toBe(4);
    expect(memberForLogin(team, "   ")).toBeUndefined();
    expect(memberForLogin(team, "Nobody")).toBeUndefined();
  });
});

describe("a name already on the team", () => {
  it("is taken in any case and with spaces around; another name is free", () => {
    const team = [{ name: "Maren Holt" }, { name: "Jonas" }];
    expect(nameInUse(team, " jonas ")).toBe(true);
    expect(nameInUse(team, "MAREN HOLT")).toBe(true);
    expect(nameInUse(team, "Jonas B.")).toBe(false);
  });

  it("is taken by a name that only reads alike: invisible characters, a bidi override, full-width letters", () => {
    const team = [{ name: "Olivia Owner" }];
    expect(nameInUse(team, "Olivia Owner\u200B")).toBe(true);
    expect(nameInUse(team, "\u202EOlivia Owner")).toBe(true);
    expect(nameInUse(team, "Ｏｌｉｖｉａ Owner")).toBe(true);
    expect(nameInUse(team, "Olivia  Owner")).toBe(true);
    expect(cleanMemberName("Jonas\u0007 \u202EBerg\u200B")).toBe("Jonas Berg");
  });
});

describe("who may manage the team", () => {
  it("is the owner, never a member", () => {
    expect(canManageTeam("owner")).toBe(true);
    expect(canManageTeam("member")).toBe(false);
  });
});
