import { describe, expect, it } from "vitest";
import { cachedSearchFeed } from "#db/queries/search-feed.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("the kept search feed", () => {
  it("is built once while nothing is written, and again after any write", () => {
    const { db } = createTestDatabase();
    db.$client.prepare("insert into investors (name, is_demo) values ('Ada Lovelace', 0)").run();
    const first = cachedSearchFeed(db, false);
    // Nothing written: the very same answer, not a rebuilt one.
    expect(cachedSearchFeed(db, false)).toBe(first);
    // A write that changes no item still rebuilds (the cache cannot know), with the same ETag.
    db.$client.prepare("update investors set personal_notes = 'private' where name = 'Ada Lovelace'").run();
    const rebuilt = cachedSearchFeed(db, false);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.etag).toBe(first.etag);
    // A write that changes an item changes the ETag; each side keeps its own answer.
    db.$client.prepare("update investors set name = 'Ada King' where name = 'Ada Lovelace'").run();
    const renamed = cachedSearchFeed(db, false);
    expect(renamed.etag).not.toBe(first.etag);
    expect(renamed.items.map((item) => item.name)).toEqual(["Ada King"]);
    expect(cachedSearchFeed(db, true).items).toEqual([]);
    expect(cachedSearchFeed(db, false)).toBe(renamed);
    db.$client.close();
  });
});
