import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "#tests/helpers/http.ts";
import { addMember, nameOwner, signInAsMember } from "#tests/helpers/members.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { sqlNumber, sqlText } from "#tests/helpers/sql.ts";

const PASSCODE = "conflicts-test-passcode";

/** No lost updates (decision 063): two members edit one investor, by the page's forms and by route #9. */
describe("no lost updates", () => {
  let server: RunningServer;
  let owner: string;
  let jonas: string;

  async function addInvestor(name: string): Promise<number> {
    const response = await postForm(server, "/investors/new", { name, firm: "Conflict Capital" }, { as: { cookie: owner } });
    expect(response.status).toBe(302);
    return Number((response.headers.get("location") ?? "").split("/").pop());
  }

  function version(id: number): number {
    return sqlNumber(server.databasePath, "select version from investors where id = ?", id);
  }

  function patch(id: number, body: unknown, headers: Record<string, string>) {
    return fetch(`${server.url}/api/investors/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  /** The notes form as the page posts it, loaded at `version` with the values it showed. */
  function notesForm(id: number, cookie: string, loaded: number, values: Record<string, string>) {
    return postForm(
      server,
      `/investors/${id}`,
      {
        version: String(loaded),
        "original.relationship_status": "not_contacted",
        "original.last_contact_date": "",
        "original.personal_notes": "",
        relationship_status: "not_contacted",
        last_contact_date: "",
        personal_notes: "",
        ...values,
      },
      { as: { cookie } },
    );
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    owner = await signIn(server.url, PASSCODE);
    nameOwner(server.databasePath, "Maren");
    jonas = await signInAsMember(server, PASSCODE, addMember(server.databasePath, "Jonas"));
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("answers route #9 with the version as its ETag, moved by one per change", async () => {
    const id = await addInvestor("Etag Ventures");
    const first = await patch(id, { personal_notes: "One" }, { cookie: owner });
    expect(first.status).toBe(200);
    // Weak once compressed (the bytes differ, the version does not); If-Match takes either.
    expect(first.headers.get("etag")).toMatch(new RegExp(`^(W/)?"${version(id)}"$`));
    const same = await patch(id, { personal_notes: "One" }, { cookie: owner, "if-match": first.headers.get("etag")! });
    expect(same.status).toBe(200);
    // Nothing changed: the version stays.
    expect(same.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("refuses a form save based on an older version that changes what a teammate changed since, naming them", async () => {
    const id = await addInvestor("Fjord Climate");
    const loaded = version(id);
    expect((await notesForm(id, jonas, loaded, { relationship_status: "due_diligence" })).status).toBe(302);
    const refused = await notesForm(id, owner, loaded, { relationship_status: "passed", pass_reason: "timing", personal_notes: "Mine" });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain("Jonas moved Fjord Climate to Due diligence");
    expect(page).toContain("your change was not saved");
    // Both values: Due diligence saved, Passed as typed (and still in the form).
    expect(page).toMatch(
      /Relationship status<\/th><td data-label="Saved now:">Due diligence<\/td><td data-label="Yours, not saved:">Passed/,
    );
    // Nothing of the refused save was written, its notes neither.
    expect(sqlText(server.databasePath, "select relationship_status from investors where id = ?", id)).toBe("due_diligence");
    expect(sqlNumber(server.databasePath, "select count(*) from investors where id = ? and personal_notes is null", id)).toBe(1);
    // The form now carries the newer version: saving again keeps what the founder chose.
    expect(page).toContain(`name="version" value="${version(id)}"`);
  });

  it("saves a form based on an older version when the newer change touched other fields", async () => {
    const id = await addInvestor("Other Fields Partners");
    const loaded = version(id);
    expect((await notesForm(id, jonas, loaded, { relationship_status: "contacted" })).status).toBe(302);
    // Maren's tab still shows "Not contacted" and she only writes notes: Jonas's status stays.
    expect((await notesForm(id, owner, loaded, { personal_notes: "Warm intro via Ida" })).status).toBe(302);
    const row = JSON.parse(
      sqlText(server.databasePath, "select json_object('s', relationship_status, 'n', personal_notes) from investors where id = ?", id),
    );
    expect(row).toEqual({ s: "contacted", n: "Warm intro via Ida" });
  });

  it("refuses a profile save that clashes on a field, by the profile form", async () => {
    const id = await addInvestor("Profile Clash Fund");
    const loaded = version(id);
    const profile = (cookie: string, website: string) =>
      postForm(
        server,
        `/investors/${id}`,
        {
          intent: "profile",
          version: String(loaded),
          name: "Profile Clash Fund",
          kind: "fund",
          check_currency: "USD",
          "original.website": "",
          website,
        },
        { as: { cookie } },
      );
    expect((await profile(jonas, "jonas.example.com")).status).toBe(302);
    const refused = await profile(owner, "maren.example.com");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Jonas edited Profile Clash Fund&#x27;s profile (website)");
    expect(sqlText(server.databasePath, "select website from investors where id = ?", id)).toContain("jonas.example.com");
  });

  it("answers route #9 with 409 conflict and the changes when If-Match is older and the fields clash", async () => {
    const id = await addInvestor("Api Clash Capital");
    const base = (await patch(id, { amount: 100000 }, { cookie: owner })).headers.get("etag")!;
    expect((await patch(id, { amount: 250000, amount_currency: "EUR" }, { cookie: jonas, "if-match": base })).status).toBe(200);
    const refused = await patch(id, { amount: 500000 }, { cookie: owner, "if-match": base });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("etag")).toMatch(new RegExp(`^(W/)?"${version(id)}"$`));
    const body = await refused.json();
    expect(body.error.code).toBe("conflict");
    expect(body.error.message).toContain("Jonas set the amount for Api Clash Capital to €250,000");
    expect(body.error.changes).toEqual([
      expect.objectContaining({
        kind: "amount",
        by: expect.objectContaining({ name: "Jonas" }),
        sentence: expect.stringContaining("Jonas"),
      }),
    ]);
    expect(sqlNumber(server.databasePath, "select amount from investors where id = ?", id)).toBe(250000);
    // With the newer version, the write is the owner's to make.
    const again = await patch(id, { amount: 500000 }, { cookie: owner, "if-match": refused.headers.get("etag")! });
    expect(again.status).toBe(200);
    expect(sqlNumber(server.databasePath, "select amount from investors where id = ?", id)).toBe(500000);
  });

  it("lets a write without If-Match through, as scripts did before, and refuses a malformed one", async () => {
    const id = await addInvestor("No Header Labs");
    expect((await patch(id, { personal_notes: "a" }, { cookie: jonas })).status).toBe(200);
    expect((await patch(id, { personal_notes: "b" }, { cookie: owner })).status).toBe(200);
    const bad = await patch(id, { personal_notes: "c" }, { cookie: owner, "if-match": "seven" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("invalid_header");
    expect(sqlText(server.databasePath, "select personal_notes from investors where id = ?", id)).toBe("b");
  });

  it("never refuses a contact added on an older version: it only adds", async () => {
    const id = await addInvestor("Append Only Ventures");
    const base = `"${version(id)}"`;
    expect((await patch(id, { personal_notes: "changed" }, { cookie: jonas })).status).toBe(200);
    const added = await patch(id, { add_contact: { note: "Called" } }, { cookie: owner, "if-match": base });
    expect(added.status).toBe(200);
    expect(sqlNumber(server.databasePath, "select count(*) from contact_entries where investor_id = ?", id)).toBe(1);
  });
});
