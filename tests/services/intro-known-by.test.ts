import { describe, expect, it } from "vitest";
import { memberActor, systemActor } from "#app/domain/people.ts";
import { introKnownByChoices } from "#app/services/intro-paths.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const T = new Date("2026-12-02T09:00:00Z");

/**
 * "Who knows them" on the investor page's Add path form (decision 065). Found on a walkthrough:
 * signed in as Ingrid, the select read "You, Ingrid Solheim, Jonas Lie": two choices for one person.
 */
describe("whom Add path offers as the one who knows the connector", () => {
  it("leaves the signed-in member out (they are 'You'), and keeps everyone else", () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db, T);
    const owner = ensureOwner(db, T);
    db.$client.prepare("update members set name = 'Ingrid Solheim' where id = ?").run(owner.id);
    const jonas = Number(db.$client.prepare("insert into members (name, role) values ('Jonas Lie', 'member')").run().lastInsertRowid);
    const ingrid = memberActor({ ...owner, name: "Ingrid Solheim" });
    expect(introKnownByChoices(app, false, ingrid)).toEqual([{ id: jonas, name: "Jonas Lie" }]);
    const asJonas = memberActor({ id: jonas, name: "Jonas Lie", role: "member" });
    expect(introKnownByChoices(app, false, asJonas)).toEqual([{ id: owner.id, name: "Ingrid Solheim" }]);
    // A script or the demo's visitor is nobody on the team: every member is offered.
    expect(
      introKnownByChoices(app, false, systemActor("visitor"))
        .map((member) => member.name)
        .sort(),
    ).toEqual(["Ingrid Solheim", "Jonas Lie"]);
  });
});
