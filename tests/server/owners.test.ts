import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_SHEET } from "#tests/helpers/founder-sheets.ts";
import { importCsv, postForm } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { sqlNumber, sqlValue } from "#tests/helpers/sql.ts";
import { addMember, signInAsMember, writeSql } from "#tests/helpers/members.ts";

const PASSCODE = "owners-test-passcode-062";

/**
 * An owner per investor (decision 062) on the built server: two members of the team, each with a
 * session of their own; the owner set by route #9 and the investor page, imported from the
 * co-founders' sheet, and "Mine" never served from one member's kept page to the other.
 */
describe("an owner per investor over HTTP", () => {
  let server: RunningServer;
  let maren: { id: number; cookie: string };
  let jonas: { id: number; cookie: string };

  const count = (query: string, ...params: unknown[]) => sqlNumber(server.databasePath, query, ...params);
  const ownerOf = (id: number) => sqlValue(server.databasePath, "select owner_member_id from investors where id = ?", id);
  const idOf = (name: string) => count("select id from investors where name = ? and is_demo = 0", name);

  function patch(id: number, body: unknown) {
    return fetch(`${server.url}/api/investors/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-admin-passcode": PASSCODE },
      body: JSON.stringify(body),
    });
  }

  async function page(path: string, cookie: string): Promise<string> {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  }

  async function addInvestor(name: string): Promise<number> {
    const response = await postForm(server, "/investors/new", { name, firm: `${name} Fund` }, { as: { cookie: maren.cookie } });
    expect(response.status).toBe(302);
    return Number(response.headers.get("location")?.split("/").pop());
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const cookie = await signIn(server.url, PASSCODE);
    const id = count("select id from members where role = 'owner' and is_demo = 0");
    writeSql(server.databasePath, "update members set name = ? where id = ?", TEAM_SHEET.team.maren, id);
    maren = { id, cookie };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("imports the co-founders' sheet: Maren's rows are hers, and Jonas (not on the team yet) is said, not written into the notes", async () => {
    const preview = await importCsv(server, TEAM_SHEET.bytes, {
      as: { cookie: maren.cookie },
      intent: "preview",
      filename: TEAM_SHEET.file,
    });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Jonas (22 rows) is not on your team yet");
    const commit = await importCsv(server, TEAM_SHEET.bytes, { as: { cookie: maren.cookie }, filename: TEAM_SHEET.file });
    expect(commit.status).toBe(303);
    const summary = await page(commit.headers.get("location")!, maren.cookie);
    expect(summary).toContain("Jonas (22 rows) is not on your team yet");
    expect(count("select count(*) from investors where owner_member_id = ?", maren.id)).toBe(TEAM_SHEET.rows.maren);
    expect(count("select count(*) from investors where is_demo = 0 and owner_member_id is null")).toBe(TEAM_SHEET.rows.jonas);
    expect(count("select count(*) from investors where personal_notes like '%Jonas%' or personal_notes like '%Maren%'")).toBe(0);
  });

  it("matches Jonas's rows once he is on the team, and a re-import keeps an owner set in the app", async () => {
    const id = addMember(server.databasePath, TEAM_SHEET.team.jonas);
    jonas = { id, cookie: await signInAsMember(server, PASSCODE, id) };
    expect((await importCsv(server, TEAM_SHEET.bytes, { as: { cookie: maren.cookie } })).status).toBe(303);
    expect(count("select count(*) from investors where owner_member_id = ?", jonas.id)).toBe(TEAM_SHEET.rows.jonas);
    const given = count("select min(id) from investors where owner_member_id = ?", jonas.id);
    const answer = await patch(given, { owner_member_id: maren.id });
    expect(answer.status).toBe(200);
    expect((await answer.json()).owner_member_id).toBe(maren.id);
    expect((await importCsv(server, TEAM_SHEET.bytes, { as: { cookie: maren.cookie } })).status).toBe(303);
    expect(ownerOf(given)).toBe(maren.id);
    expect(count("select count(*) from investors where owner_member_id = ?", jonas.id)).toBe(TEAM_SHEET.rows.jonas - 1);
  });

  it("refuses an owner who is not a live member of the investor's side, and writes nothing", async () => {
    const id = await addInvestor("Owner Refusals 062");
    const demoMember = addMember(server.databasePath, "Demo Person 062", { demo: true });
    const gone = addMember(server.databasePath, "Gone Member 062");
    writeSql(server.databasePath, "update members set disabled_at = ? where id = ?", new Date().toISOString(), gone);
    for (const owner of [999_999, demoMember, gone]) {
      const answer = await patch(id, { owner_member_id: owner });
      expect(answer.status, `owner ${owner}`).toBe(400);
      expect(Object.keys((await answer.json()).error.fields)).toEqual(["owner_member_id"]);
      expect(ownerOf(id)).toBeNull();
    }
    // A demo investor's owner is of the demo's team: a real member is refused there.
    const demoId = count("select min(id) from investors where is_demo = 1");
    const demoAnswer = await fetch(`${server.url}/api/investors/${demoId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ owner_member_id: maren.id }),
    });
    expect(demoAnswer.status).toBe(400);
    expect(ownerOf(demoId)).not.toBe(maren.id);
  });

  it("sets the owner from the investor page's form, recorded as the member who saved it", async () => {
    const id = await addInvestor("Owner Form 062");
    const saved = await postForm(
      server,
      `/investors/${id}`,
      { owner_member_id: String(jonas.id), "original.owner_member_id": "" },
      { as: { cookie: jonas.cookie } },
    );
    expect(saved.status).toBe(302);
    expect(ownerOf(id)).toBe(jonas.id);
    expect(count("select actor_member_id from activity where investor_id = ? and kind = 'owner' order by id desc limit 1", id)).toBe(
      jonas.id,
    );
    expect(await page(`/investors/${id}`, maren.cookie)).toMatch(new RegExp(`<option value="${jonas.id}" selected="">Jonas Berg</option>`));
    const refused = await postForm(
      server,
      `/investors/${id}`,
      { owner_member_id: "999999", "original.owner_member_id": String(jonas.id) },
      { as: { cookie: maren.cookie } },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("is not on your team");
    expect(ownerOf(id)).toBe(jonas.id);
  });

  it("never serves one member's Mine to another: Today and the board, kept or not", async () => {
    const probes = { maren: await addInvestor("Mine Probe Maren"), jonas: await addInvestor("Mine Probe Jonas") };
    await addInvestor("Mine Probe Nobody");
    for (const [who, id] of Object.entries(probes)) {
      const owner = who === "maren" ? maren.id : jonas.id;
      expect((await patch(id, { owner_member_id: owner, relationship_status: "soft_committed" })).status).toBe(200);
    }
    expect(idOf("Mine Probe Nobody")).toBeGreaterThan(0);
    // Each member has seen Today once since: what the other did is said once, under "Since you
    // last looked" (decision 061), and it names investors of both. Here the lists alone are compared.
    for (const cookie of [maren.cookie, jonas.cookie]) await page("/", cookie);
    for (const path of ["/?mine=1&q=Mine+Probe", "/board?mine=1"]) {
      // Each member twice (the second answer is the kept page), and Maren again after Jonas.
      for (const [who, cookie, other] of [
        ["Maren", maren.cookie, "Jonas"],
        ["Maren", maren.cookie, "Jonas"],
        ["Jonas", jonas.cookie, "Maren"],
        ["Jonas", jonas.cookie, "Maren"],
        ["Maren", maren.cookie, "Jonas"],
      ] as const) {
        const html = await page(path, cookie);
        expect(html, `${path} as ${who}`).toContain(`Mine Probe ${who}`);
        expect(html, `${path} as ${who}`).not.toContain(`Mine Probe ${other}`);
        expect(html, `${path} as ${who}`).not.toContain("Mine Probe Nobody");
        expect(html).toMatch(/\d+ investors? (?:has|have) no owner/);
      }
    }
    // "Emailed" pressed within Mine comes back to Mine, and its form says so without JavaScript.
    const followUp = /action="\/investors\/(\d+)\/emailed\?mine=1"/.exec(await page("/?mine=1", maren.cookie))?.[1];
    expect(followUp, "a follow-up of Maren's on Today, its Emailed form within Mine").toBeDefined();
    const emailed = await postForm(server, `/investors/${followUp}/emailed?mine=1`, {}, { as: { cookie: maren.cookie } });
    expect(emailed.status).toBe(303);
    expect(emailed.headers.get("location")).toMatch(new RegExp(`^/\\?mine=1&emailed=${followUp}&`));
    for (const path of ["/?q=Mine+Probe", "/board"]) {
      for (const cookie of [maren.cookie, jonas.cookie]) {
        const html = await page(path, cookie);
        for (const who of ["Maren", "Jonas", "Nobody"]) expect(html, `${path}: ${who}`).toContain(`Mine Probe ${who}`);
      }
    }
  });
});
