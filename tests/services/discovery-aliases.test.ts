import { describe, expect, it } from "vitest";
import { saveAlias } from "#db/queries/discovery.server.ts";
import { discoveryAliases } from "#db/schema.ts";
import { MAX_ALIASES, saveDiscoveryAlias } from "#app/services/discoveries.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("the founder's aliases", () => {
  it("refuses a new alias past the cap, and still lets one be changed", () => {
    // 10,000 aliases posted one by one were all kept: /settings grew to 3.9 MB and 1.4 s.
    const app = fakeApp(createTestDatabase().db);
    for (let index = 0; index < MAX_ALIASES; index++) saveAlias(app.db, `alias ${index}`, `Fund ${index}`);
    expect(saveDiscoveryAlias(app, "one more", "Fund X")).toBe("too_many");
    expect(saveDiscoveryAlias(app, "alias 7", "Fund Seven")).toBe("saved");
    expect(app.db.select().from(discoveryAliases).all()).toHaveLength(MAX_ALIASES);
  });

  it("takes a cycle (a = b, b = a) without looping: each alias is one step", () => {
    const app = fakeApp(createTestDatabase().db);
    expect(saveDiscoveryAlias(app, "Alpha", "Beta")).toBe("saved");
    expect(saveDiscoveryAlias(app, "Beta", "Alpha")).toBe("saved");
    expect(app.db.select().from(discoveryAliases).all()).toHaveLength(2);
  });
});
