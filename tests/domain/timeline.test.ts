import { describe, expect, it } from "vitest";
import { refreshFinding } from "#app/domain/people.ts";
import { type ActivityRecord, investorTimeline, relativeTime, rowSentence, sinceLookedLines } from "#app/domain/timeline.ts";

const now = new Date("2026-12-02T12:00:00Z");
const names = new Map([
  [1, "Maren"],
  [2, "Jonas"],
]);

function row(id: number, at: string, fields: Partial<ActivityRecord>): ActivityRecord {
  return { id, at, actorMemberId: 2, actorSystem: null, investorId: 7, subject: "Fjord Climate", kind: "status", detail: {}, ...fields };
}

describe("the activity in words (decision 061)", () => {
  it("says one press once: Emailed's contact and the last contact it moved are one line; a last contact set alone still shows", () => {
    const at = "2026-12-02T10:00:00Z";
    const emailed = [
      row(5, at, { kind: "last_contact", detail: { from: { lastContactDate: null }, to: { lastContactDate: "2026-12-02" } } }),
      row(4, at, { kind: "contact", detail: { date: "2026-12-02", channel: "email", note: "Emailed" } }),
    ];
    const alone = row(3, "2026-12-01T09:00:00Z", { kind: "last_contact", detail: { to: { lastContactDate: "2026-11-30" } } });
    const lines = sinceLookedLines([...emailed, alone], names, now);
    expect(lines.map((line) => line.key)).toEqual(["a4", "a3"]);
    expect(investorTimeline([...emailed, alone], [], names, now).map((line) => line.key)).toEqual(["a4", "a3"]);
    // Another member's change at the same instant is not the same press.
    const other = row(6, at, { actorMemberId: 1, kind: "last_contact", detail: { to: { lastContactDate: "2026-12-02" } } });
    expect(sinceLookedLines([other, ...emailed], names, now).map((line) => line.key)).toEqual(["a6", "a4"]);
  });

  it("says how long ago, as a person would", () => {
    expect(relativeTime("2026-12-02T11:59:40Z", now)).toBe("just now");
    expect(relativeTime("2026-12-02T11:55:00Z", now)).toBe("5 min ago");
    expect(relativeTime("2026-12-02T10:00:00Z", now)).toBe("2 h ago");
    expect(relativeTime("2026-12-01T08:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-11-28T12:00:00Z", now)).toBe("4 days ago");
    expect(relativeTime("2026-10-01T12:00:00Z", now)).toBe("2026-10-01");
  });

  it("names the member, a member since gone, and what a refresh found", () => {
    const moved = row(1, "2026-12-02T10:00:00Z", { detail: { from: {}, to: { relationshipStatus: "due_diligence" } } });
    expect(rowSentence(moved, names)).toBe("Jonas moved Fjord Climate to Due diligence");
    expect(rowSentence({ ...moved, actorMemberId: 9 }, names)).toBe("A former member moved Fjord Climate to Due diligence");
    const found = row(2, "2026-12-02T10:00:00Z", {
      actorMemberId: null,
      actorSystem: "refresh",
      kind: "refresh_found",
      detail: { summary: "led a €4M seed in Oslo" },
    });
    expect(rowSentence(found, names)).toBe("Refresh found: led a €4M seed in Oslo");
  });

  it("merges the contact history, newest first, showing a contact logged in the app once, with its author", () => {
    const rows = [
      row(3, "2026-12-02T10:00:00Z", { kind: "contact", detail: { date: "2026-12-02", channel: "call", note: "Call with Kristin" } }),
      row(2, "2026-11-30T09:00:00Z", { actorMemberId: 1, kind: "created", detail: { to: {} } }),
    ];
    const contacts = [
      { id: 11, date: "2026-12-02", channel: "call", note: "Call with Kristin", createdAt: "2026-12-02T10:00:00Z" },
      { id: 10, date: "2026-11-29", channel: "email", note: "Intro from Ola", createdAt: "2026-12-01T08:00:00Z" },
    ];
    const lines = investorTimeline(rows, contacts, names, now);
    expect(lines.map((line) => [line.text, line.ago])).toEqual([
      ["Jonas logged a call with Fjord Climate: Call with Kristin", "2 h ago"],
      ["An email on 2026-11-29: Intro from Ola", "yesterday"],
      ["Maren added Fjord Climate", "2 days ago"],
    ]);
    expect(investorTimeline(rows, contacts, names, now, 2)).toHaveLength(2);
  });

  it("lists the deck's visits among the rest, newest first: a read, a preview by Slack apart, a possible forward (decision 068)", () => {
    const status = row(9, "2026-12-01T12:00:00Z", { kind: "status", detail: { from: "contacted", to: "in_conversation" } });
    const views = [
      { id: 3, startedAt: "2026-12-02T08:00:00Z", seconds: 360, pages: 12, topPage: 9, topTitle: "Financials", bot: null, forwarded: true },
      { id: 2, startedAt: "2026-11-30T09:00:00Z", seconds: 0, pages: 0, topPage: null, topTitle: null, bot: "Slack", forwarded: false },
    ];
    const lines = investorTimeline([status], [], names, now, 30, views);
    expect(lines.map((line) => [line.key, line.text, line.ago])).toEqual([
      ["v3", "Read the deck: 6 min over 12 pages, longest on Financials (possibly forwarded).", "4 h ago"],
      ["a9", expect.any(String), "yesterday"],
      ["v2", "Link preview by Slack: not a read.", "2 days ago"],
    ]);
    expect(investorTimeline([status], [], names, now, 2, views)).toHaveLength(2);
  });

  it("keeps at most five lines for Since you last looked, each with its investor", () => {
    const rows = Array.from({ length: 8 }, (_, i) => row(20 - i, "2026-12-02T11:00:00Z", { investorId: i + 1, kind: "deleted" }));
    const lines = sinceLookedLines(rows, names, now);
    expect(lines.map((line) => line.investorId)).toEqual([1, 2, 3, 4, 5]);
  });

  it("says a refresh's best new judged evidence, never the irrelevant or the weak", () => {
    expect(
      refreshFinding([
        { evidenceId: 1, category: "deal", relevance: 0.7, summary: "a seed" },
        { evidenceId: 2, category: "new_fund", relevance: 0.9, summary: "a new €80M fund" },
        { evidenceId: 3, category: "irrelevant", relevance: 1, summary: "a namesake" },
      ])?.detail,
    ).toMatchObject({ summary: "a new €80M fund", evidence_id: 2 });
    expect(refreshFinding([{ evidenceId: 1, category: "deal", relevance: 0.2, summary: "a rumour" }])).toBeNull();
    expect(refreshFinding([])).toBeNull();
  });
});
