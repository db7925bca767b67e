import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCsv, postForm } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { sqlNumber, sqlValue } from "#tests/helpers/sql.ts";

const PASSCODE = "intro-paths-test-passcode-065";
const ADMIN = { "x-admin-passcode": PASSCODE };
const SHEET = [
  "Name,Firm,Intro via",
  'Kristin Lund,Fjord Climate,"Erik Solberg <erik@angels.no>, Lena Berg (ex-colleague)"',
  "Jan Holm,Northzone,",
].join("\n");

/** Warm intros over HTTP (decision 065): the import's column, the investor page's forms, the API's strict bodies and sides. */
describe("intro paths over HTTP", () => {
  let server: RunningServer;
  let kristin: number;
  let demoId: number;

  const api = (path: string, init: RequestInit = {}, headers: Record<string, string> = ADMIN) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      ...init,
      headers: { ...headers, ...(init.body ? { "content-type": "application/json" } : {}) },
    });

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const preview = await importCsv(server, SHEET, { as: { passcode: PASSCODE }, intent: "preview" });
    expect(await preview.text()).toContain("2 intro paths through 2 people, from the Intro via column.");
    const committed = await importCsv(server, SHEET, { as: { passcode: PASSCODE } });
    expect(committed.status).toBe(303);
    const summary = await fetch(`${server.url}${committed.headers.get("location")}`, { headers: ADMIN });
    expect(await summary.text()).toContain("2 intro paths through 2 people added");
    kristin = sqlNumber(server.databasePath, "select id from investors where name = 'Kristin Lund' and is_demo = 0");
    demoId = sqlNumber(server.databasePath, "select id from investors where is_demo = 1 order by id limit 1");
  });
  afterAll(async () => server?.stop());

  it("reads the imported paths, never a line of the notes, and shows them on the investor page with the draft's anchor", async () => {
    expect(sqlValue(server.databasePath, "select personal_notes from investors where id = ?", kristin)).toBeNull();
    const body = await (await api(`/api/investors/${kristin}/intro-paths`)).json();
    expect(
      body.intro_paths.map((path: { person: { name: string }; source: string; evidence: string }) => [
        path.person.name,
        path.source,
        path.evidence,
      ]),
    ).toEqual([
      ["Erik Solberg", "import", "Erik Solberg <erik@angels.no>"],
      ["Lena Berg", "import", "Lena Berg (ex-colleague)"],
    ]);
    const html = await (await fetch(`${server.url}/investors/${kristin}`, { headers: ADMIN })).text();
    expect(html).toContain("Intro paths");
    expect(html).toContain(`id="intro-draft-${body.intro_paths[0].id}"`);
    expect(html).toContain("mailto:erik%40angels.no");
  });

  it("adds a path with a strict body (201 new, 200 known), moves and removes it, and answers 404 for what is not there", async () => {
    const unknown = await api(`/api/investors/${kristin}/intro-paths`, {
      method: "POST",
      body: JSON.stringify({ name: "Ola", nickname: "O" }),
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys((await unknown.json()).error.fields)).toEqual(["nickname"]);
    const added = await api(`/api/investors/${kristin}/intro-paths`, {
      method: "POST",
      body: JSON.stringify({ name: "Ola Nordmann", email: "ola@x.no" }),
    });
    expect(added.status).toBe(201);
    const path = (await added.json()).intro_path;
    expect(path).toMatchObject({ person: { name: "Ola Nordmann", emails: ["ola@x.no"] }, source: "manual", state: "to_ask" });
    expect(
      (await api(`/api/investors/${kristin}/intro-paths`, { method: "POST", body: JSON.stringify({ name: "ola nordmann" }) })).status,
    ).toBe(200);
    expect((await api(`/api/intro-paths/${path.id}`, { method: "PATCH", body: JSON.stringify({ state: "maybe" }) })).status).toBe(400);
    expect(
      (await api(`/api/intro-paths/${path.id}`, { method: "PATCH", body: JSON.stringify({ state: "asked", when: "now" }) })).status,
    ).toBe(400);
    const asked = await api(`/api/intro-paths/${path.id}`, { method: "PATCH", body: JSON.stringify({ state: "asked" }) });
    expect(asked.status).toBe(200);
    expect((await asked.json()).intro_path).toMatchObject({ state: "asked", state_by: "Owner" });
    const introduced = await api(`/api/intro-paths/${path.id}`, {
      method: "PATCH",
      body: JSON.stringify({ state: "introduced", investor_status: "contacted" }),
    });
    expect(introduced.status).toBe(200);
    expect(sqlValue(server.databasePath, "select relationship_status from investors where id = ?", kristin)).toBe("contacted");
    expect((await api(`/api/intro-paths/${path.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await api(`/api/intro-paths/${path.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api("/api/intro-paths/999999", { method: "PATCH", body: JSON.stringify({ state: "asked" }) })).status).toBe(404);
    expect((await api("/api/investors/999999/intro-paths")).status).toBe(404);
  });

  it("keeps the sides apart: a stranger is refused, a demo investor's paths are the demo page's, never the API's or the other side's", async () => {
    expect((await api(`/api/investors/${kristin}/intro-paths`, {}, {})).status).toBe(401);
    expect((await api(`/api/investors/${demoId}/intro-paths`)).status).toBe(404);
    // The open demo adds a path on its own investor through the page's form, without a session.
    const demoAdd = await postForm(server, `/demo/investors/${demoId}`, { intent: "intro_add", name: "Demo Connector" });
    expect(demoAdd.status).toBe(302);
    const demoPath = sqlNumber(server.databasePath, "select id from intro_paths where is_demo = 1 order by id desc limit 1");
    expect((await api(`/api/intro-paths/${demoPath}`, { method: "PATCH", body: JSON.stringify({ state: "asked" }) })).status).toBe(404);
    // A real path is not moved from the demo side, and a real investor's page is not served there.
    const real = sqlNumber(server.databasePath, "select id from intro_paths where is_demo = 0 order by id limit 1");
    const crossed = await postForm(server, `/demo/investors/${demoId}`, {
      intent: "intro_state",
      path_id: String(real),
      state: "declined",
    });
    expect(crossed.status).toBe(404);
    expect(sqlValue(server.databasePath, "select state from intro_paths where id = ?", real)).toBe("to_ask");
    expect((await fetch(`${server.url}/demo/investors/${kristin}`)).status).toBe(404);
    const demoHtml = await (await fetch(`${server.url}/demo/investors/${demoId}`)).text();
    expect(demoHtml).toContain("Demo Connector");
    // The real side's connectors (the form's placeholder names one, so another is looked for).
    expect(demoHtml).not.toContain("Lena Berg");
    expect(demoHtml).not.toContain("angels.no");
  });

  it("moves an intro through the page's plain form, and asks before moving the investor", async () => {
    const erik = sqlNumber(
      server.databasePath,
      "select i.id from intro_paths i join people p on p.id = i.person_id where p.name = 'Erik Solberg' and i.investor_id = ?",
      kristin,
    );
    const before = sqlValue(server.databasePath, "select relationship_status from investors where id = ?", kristin);
    const moved = await postForm(
      server,
      `/investors/${kristin}`,
      { intent: "intro_state", path_id: String(erik), state: "introduced", investor_status: "keep" },
      { as: { passcode: PASSCODE } },
    );
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/investors/${kristin}?intro=moved#intro-paths`);
    expect(sqlValue(server.databasePath, "select state from intro_paths where id = ?", erik)).toBe("introduced");
    expect(sqlValue(server.databasePath, "select relationship_status from investors where id = ?", kristin)).toBe(before);
    // Erik made the introduction: Lena's ask is not due (its draft closed, said so), and Erik's path asks nothing more.
    const lena = sqlNumber(
      server.databasePath,
      "select i.id from intro_paths i join people p on p.id = i.person_id where p.name = 'Lena Berg' and i.investor_id = ?",
      kristin,
    );
    const page = await (await fetch(`${server.url}/investors/${kristin}`, { headers: ADMIN })).text();
    const item = (id: number) =>
      page.slice(page.indexOf(`id="intro-path-${id}"`), page.indexOf("</li>", page.indexOf(`id="intro-path-${id}"`)));
    expect(item(lena)).toContain("Already introduced through Erik Solberg: nothing to ask here.");
    expect(item(lena)).toMatch(new RegExp(`<details class="intro-draft" id="intro-draft-${lena}">`));
    expect(item(erik)).not.toContain("When you mark it introduced");
    const refused = await postForm(
      server,
      `/investors/${kristin}`,
      { intent: "intro_add", name: "", email: "not-an-address" },
      { as: { passcode: PASSCODE } },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Write the name of the person who can introduce you");
    expect(html).toContain("Enter an email address like erik@example.com");
  });
});
