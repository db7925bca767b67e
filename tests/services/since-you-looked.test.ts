import { describe, expect, it } from "vitest";
import { memberActor, systemActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { deleteRealInvestor } from "#app/services/investor-profile.server.ts";
import { NOTHING_NEW, seenKey, sinceYouLastLooked, timelineOf } from "#app/services/activity.server.ts";
import { recordActivity } from "#db/queries/activity.server.ts";
import { readState } from "#db/queries/app-state.server.ts";
import { createInvestor, editInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner, renameMember } from "#db/queries/members.server.ts";
import { forgetKeptPages, keepPage, keptPage, keptPageKey } from "#app/http/page-cache.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-12-02T12:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const app = fakeApp(db, now);
  const maren = { ...ensureOwner(db, now), name: "Maren" };
  renameMember(db, maren.id, "Maren");
  const jonasId = Number(
    db.$client.prepare("insert into members (name, role, created_at) values ('Jonas', 'member', ?)").run(now.toISOString()).lastInsertRowid,
  );
  const jonas = memberActor({ id: jonasId, name: "Jonas", role: "member" });
  const id = createInvestor(
    db,
    { name: "Fjord Climate", kind: "fund", sectors: [], stages: [], geographies: [] },
    { now: new Date("2026-12-01T09:00:00Z"), rules: DEFAULT_RULES, actor: memberActor(maren) },
  );
  return { db, app, maren, jonas, jonasId, id };
}

describe("Since you last looked (decision 061)", () => {
  it("shows a member what the others did since their last view, then nothing until something new", () => {
    const { db, app, maren, jonas, jonasId, id } = setUp();
    // Jonas's first look: Maren's "added", which he never saw.
    expect(sinceYouLastLooked(app, jonasId).map((line) => line.text)).toEqual(["Maren added Fjord Climate"]);
    expect(sinceYouLastLooked(app, jonasId)).toBe(NOTHING_NEW);

    editInvestor(
      db,
      id,
      { relationship_status: "due_diligence" },
      { now: new Date("2026-12-02T10:00:00Z"), rules: DEFAULT_RULES, actor: jonas },
    );
    recordActivity(
      db,
      systemActor("refresh"),
      { investorId: id, subject: "Fjord Climate" },
      [{ kind: "refresh_found", detail: { summary: "led a €4M seed in Oslo" } }],
      now,
    );
    // His own change is not news to him; the refresh's is.
    expect(sinceYouLastLooked(app, jonasId).map((line) => line.text)).toEqual(["Refresh found: led a €4M seed in Oslo"]);
    // Maren sees both, newest first, each linking to the investor, with its time from the server's clock.
    const forMaren = sinceYouLastLooked(app, maren.id);
    expect(forMaren.map((line) => [line.text, line.ago, line.investorId])).toEqual([
      ["Refresh found: led a €4M seed in Oslo", "just now", id],
      ["Jonas moved Fjord Climate to Due diligence", "2 h ago", id],
    ]);
    expect(readState(db, seenKey(maren.id))).toBe(readState(db, seenKey(jonasId)));
    expect(sinceYouLastLooked(app, maren.id)).toBe(NOTHING_NEW);
  });

  it("shows at most five lines", () => {
    const { db, app, maren, jonas, id } = setUp();
    sinceYouLastLooked(app, maren.id);
    for (let day = 1; day <= 7; day++) {
      editInvestor(db, id, { next_step: `Step ${day}` }, { now, rules: DEFAULT_RULES, actor: jonas });
    }
    const lines = sinceYouLastLooked(app, maren.id);
    expect(lines.map((line) => line.text)).toEqual([7, 6, 5, 4, 3].map((day) => `Jonas set the next step with Fjord Climate: Step ${day}`));
  });

  it("links a line to its investor only while the investor is there", () => {
    const { app, maren, jonas, id } = setUp();
    sinceYouLastLooked(app, maren.id);
    editInvestor(app.db, id, { relationship_status: "due_diligence" }, { now, rules: DEFAULT_RULES, actor: jonas });
    expect(deleteRealInvestor(app, jonas, id)).toBe(true);
    expect(sinceYouLastLooked(app, maren.id).map((line) => [line.text, line.investorId])).toEqual([
      ["Jonas deleted Fjord Climate", null],
      ["Jonas moved Fjord Climate to Due diligence", null],
    ]);
  });

  it("puts the investor's timeline in words, newest first, the contact logged in the app shown once", () => {
    const { db, app, jonas, id } = setUp();
    editInvestor(
      db,
      id,
      { relationship_status: "due_diligence", add_contact: { note: "Call with Kristin", channel: "call", date: "2026-12-02" } },
      { now: new Date("2026-12-02T10:00:00Z"), rules: DEFAULT_RULES, actor: jonas },
    );
    expect(timelineOf(app, id).map((line) => `${line.text} · ${line.ago}`)).toEqual([
      "Jonas logged a call with Fjord Climate: Call with Kristin · 2 h ago",
      "Jonas moved Fjord Climate to Due diligence · 2 h ago",
      "Maren added Fjord Climate · yesterday",
    ]);
  });

  it("never lets a kept Today serve one member's lines to another; with nothing new, everyone shares one page", () => {
    const { db, app, maren, jonas, jonasId, id } = setUp();
    sinceYouLastLooked(app, maren.id);
    sinceYouLastLooked(app, jonasId);
    editInvestor(db, id, { relationship_status: "due_diligence" }, { now, rules: DEFAULT_RULES, actor: jonas });
    editInvestor(db, id, { next_step: "Send the deck" }, { now, rules: DEFAULT_RULES, actor: memberActor(maren) });
    // Today's key as the page cache makes it (app/http/page-cache.server.ts): the loader data's fields, objects by identity.
    const todayKey = (lines: unknown) =>
      keptPageKey("GET", "/", 200, {
        matches: [{ route: { id: "routes/dashboard", handle: { keepHtml: true } } }],
        loaderData: { "routes/dashboard": { notice: null, sinceLooked: lines } },
        actionData: undefined,
        errors: undefined,
      });
    forgetKeptPages();
    const forJonas = sinceYouLastLooked(app, jonasId);
    expect(forJonas.map((line) => line.text)).toEqual(["Maren set the next step with Fjord Climate: Send the deck"]);
    const jonasKey = todayKey(forJonas);
    keepPage(jonasKey, "<p>Jonas's Today</p>");
    const forMaren = sinceYouLastLooked(app, maren.id);
    expect(forMaren.map((line) => line.text)).toEqual(["Jonas moved Fjord Climate to Due diligence"]);
    const marenKey = todayKey(forMaren);
    expect(marenKey).not.toBe(jonasKey);
    expect(keptPage(marenKey!)).toBeUndefined();
    // Nothing new for either: one shared page, kept once.
    const sharedKey = todayKey(sinceYouLastLooked(app, jonasId));
    keepPage(sharedKey, "<p>Today</p>");
    expect(todayKey(sinceYouLastLooked(app, maren.id))).toBe(sharedKey);
    expect(keptPage(sharedKey!)).toBeDefined();
    forgetKeptPages();
  });
});
