import { describe, expect, it } from "vitest";
import { z } from "zod";
import { deckLinkChangeSchema, deckLinkCreateSchema } from "#app/domain/deck-link-input.ts";
import { buildOpenApiDocument } from "#app/http/openapi/document.ts";
import { type DeckLinkView, deckLinkJson, deckViewJson, linkChangesOf, linkRequestOf } from "#app/services/deck-links.server.ts";

/**
 * The deck-link routes of the JSON API (#30–#33, docs/api.md#deck-links) take and answer
 * snake_case keys, like the rest of the API; the founder's pages keep reading the camelCase
 * DeckLinkView, mapped only at the API's edge.
 */

const doc: Record<string, any> = buildOpenApiDocument("9.9.9");
const camel = (keys: string[]) => keys.filter((key) => /[A-Z]/.test(key));

const VIEW: DeckLinkView = {
  id: 7,
  startupId: 3,
  startupName: "Fjordly",
  investorId: 12,
  investorName: "Ilse Varga",
  label: null,
  url: "http://127.0.0.1/d/token",
  state: "active",
  stateText: "Active",
  allowDownload: true,
  emailGate: false,
  expiresAt: null,
  revokedAt: null,
  pinnedVersion: 2,
  createdAt: "2026-11-25T12:00:00.000Z",
  views: 4,
  botViews: 1,
  forwardedViews: 1,
  lastViewedAt: "2026-11-26T09:00:00.000Z",
  seconds: 360,
  pagesSeen: 12,
  viewText: "6 min over 12 pages",
};

describe("the deck-link API's keys", () => {
  it("takes snake_case bodies and refuses the camelCase keys", () => {
    const made = deckLinkCreateSchema.parse({
      startup_id: 3,
      investor_id: 12,
      allow_download: true,
      email_gate: false,
      expires_at: "2026-12-31T23:59:59Z",
      pinned_version: null,
    });
    expect(linkRequestOf(made)).toEqual({
      startupId: 3,
      investorId: 12,
      label: undefined,
      allowDownload: true,
      emailGate: false,
      expiresAt: "2026-12-31T23:59:59Z",
      pinnedVersion: null,
    });
    expect(deckLinkCreateSchema.safeParse({ startupId: 3, investorId: 12 }).success).toBe(false);
    const both = deckLinkCreateSchema.safeParse({ startup_id: 3, investor_id: 12, label: "x" });
    expect(both.success).toBe(false);
    expect(both.error!.issues[0]).toMatchObject({ path: ["investor_id"], message: "Give either investor_id or label, not both." });

    const changed = deckLinkChangeSchema.parse({ revoke: true, allow_download: false, pinned_version: 1 });
    expect(linkChangesOf(changed)).toEqual({
      revoke: true,
      allowDownload: false,
      emailGate: undefined,
      expiresAt: undefined,
      pinnedVersion: 1,
    });
    expect(deckLinkChangeSchema.safeParse({ allowDownload: true }).success).toBe(false);
  });

  it("answers a link and a view with snake_case keys, the ones the OpenAPI document requires", () => {
    const link = deckLinkJson(VIEW);
    expect(link).toMatchObject({
      startup_id: 3,
      investor_name: "Ilse Varga",
      allow_download: true,
      pinned_version: 2,
      bot_views: 1,
      last_viewed_at: "2026-11-26T09:00:00.000Z",
      view_text: "6 min over 12 pages",
    });
    expect(Object.keys(link).sort()).toEqual([...doc.components.schemas.DeckLink.required].sort());
    const view = deckViewJson({
      id: 1,
      versionNumber: 2,
      startedAt: "2026-11-26T09:00:00.000Z",
      lastSeenAt: "2026-11-26T09:06:00.000Z",
      seconds: 360,
      pagesSeen: 2,
      device: "desktop",
      bot: null,
      forwarded: false,
      email: null,
      pages: [{ page: 1, seconds: 200 }],
    });
    expect(view).toMatchObject({ version_number: 2, started_at: "2026-11-26T09:00:00.000Z", pages_seen: 2 });
    expect(Object.keys(view).sort()).toEqual([...doc.components.schemas.DeckView.required].sort());
  });

  it("documents no camelCase key for the four routes", () => {
    for (const name of ["DeckLink", "DeckLinkAnswer", "DeckView"]) {
      const schema = doc.components.schemas[name];
      expect(camel(Object.keys(schema.properties)), name).toEqual([]);
      expect(camel(schema.required), name).toEqual([]);
    }
    for (const schema of [deckLinkCreateSchema, deckLinkChangeSchema]) {
      const json = z.toJSONSchema(schema, { io: "input" }) as { properties: Record<string, unknown> };
      expect(camel(Object.keys(json.properties))).toEqual([]);
    }
    const operations = [
      doc.paths["/api/startups/{id}/deck/links"].get,
      doc.paths["/api/deck-links"].post,
      doc.paths["/api/deck-links/{id}"].patch,
      doc.paths["/api/deck-links/{id}/views"].get,
    ];
    for (const operation of operations) expect(operation.description).not.toMatch(/`[a-z]+[A-Z]\w*`/);
  });
});
