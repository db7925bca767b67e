import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { count } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "import-test-passcode";

const CSV = [
  "Name,FIRM,Email,Kind,Stages,Sectors,Relationship_Status,Last_Contact_Date,Personal_Notes",
  "Zoë Ångström,Nordlys Capital,zoe@nordlys.example.com,fund,seed;Series A,climate;energy,in_conversation,2026-11-01,Met in Oslo",
  "李小龙,Dragon Seed,,angel,pre-seed,AI,,,",
  "Łukasz Żółć,Wisła Ventures,lukasz@wisla.example.com,fund,seed,devtools,,,",
  "Zoe Duplicate,Other,ZOE@nordlys.example.com,fund,,,,,",
  "Bad Email,Somewhere,not-an-email,fund,,,,,",
  "Bad Stage,Somewhere,,fund,growth,,,,",
  ",No Name Capital,,fund,,,,,",
  "Emoji Angel 🚀,,rocket@angels.example.com,angel,,,,,",
].join("\n");

describe("CSV import over HTTP", () => {
  let server: RunningServer;

  function post(intent: string, csv = CSV) {
    const form = new FormData();
    form.set("intent", intent);
    form.set("file", new Blob([csv], { type: "text/csv" }), "investors.csv");
    return fetch(`${server.url}/investors/import`, {
      method: "POST",
      redirect: "manual",
      headers: { "x-admin-passcode": PASSCODE },
      body: form,
    });
  }

  function realSnapshot(): string {
    const db = new Database(server.databasePath, { readonly: true });
    try {
      return JSON.stringify(db.prepare("select * from investors where is_demo = 0 order by id").all());
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("previews new and rejected rows with reasons, and writes nothing", async () => {
    const response = await post("preview");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<strong>4<\/strong> new/);
    expect(html).toMatch(/<strong>4<\/strong> rejected/);
    expect(html).toContain("duplicate of line 2");
    expect(html).toContain("email must be an email address");
    expect(html).toContain("growth");
    expect(html).toContain("name is required");
    expect(html).toContain("李小龙");
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 0")).toBe(0);
  });

  it("commits in one transaction without duplicates, keeping Unicode names exactly", async () => {
    const response = await post("commit");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    const db = new Database(server.databasePath, { readonly: true });
    try {
      const names = db.prepare("select name from investors where is_demo = 0 order by id").pluck().all();
      expect(names).toEqual(["Zoë Ångström", "李小龙", "Łukasz Żółć", "Emoji Angel 🚀"]);
      const zoe = db.prepare("select * from investors where is_demo = 0 and name = 'Zoë Ångström'").get() as Record<string, unknown>;
      expect(zoe.relationship_status).toBe("in_conversation");
      expect(zoe.last_contact_date).toBe("2026-11-01");
      expect(JSON.parse(zoe.stages as string)).toEqual(["seed", "series_a"]);
      expect(zoe.personal_notes).toBe("Met in Oslo");
      expect(zoe.action).toBe("follow_up");
    } finally {
      db.close();
    }
  });

  it("changes nothing when the same file is imported again", async () => {
    const before = realSnapshot();
    const preview = await (await post("preview")).text();
    expect(preview).toMatch(/<strong>0<\/strong> new/);
    expect(preview).toMatch(/<strong>0<\/strong> updated/);
    expect(preview).toMatch(/<strong>4<\/strong> unchanged/);
    expect((await post("commit")).status).toBe(303);
    expect(realSnapshot()).toBe(before);
  });

  it("updates a matched investor with only the cells given, keeping notes and never moving the last contact back", async () => {
    const preview = await (
      await post(
        "preview",
        "name,firm,email,personal_notes,last_contact_date\nZoe A.,Elsewhere,zoe@NORDLYS.example.com,Old notes from a CRM,2026-01-01",
      )
    ).text();
    expect(preview).toContain("changes: name, firm");
    const csv =
      "name,firm,email,personal_notes,last_contact_date\nZoe A.,Elsewhere,zoe@NORDLYS.example.com,Old notes from a CRM,2026-01-01";
    expect((await post("commit", csv)).status).toBe(303);
    const db = new Database(server.databasePath, { readonly: true });
    try {
      const rows = db
        .prepare(
          "select name, firm, personal_notes, relationship_status, last_contact_date from investors where lower(email) = 'zoe@nordlys.example.com'",
        )
        .all();
      expect(rows).toEqual([
        {
          name: "Zoe A.",
          firm: "Elsewhere",
          personal_notes: "Met in Oslo",
          relationship_status: "in_conversation",
          last_contact_date: "2026-11-01",
        },
      ]);
    } finally {
      db.close();
    }
  });

  it("refuses a file without a name column and writes nothing", async () => {
    const before = realSnapshot();
    const response = await post("commit", "firm,email\nAcme,a@example.com");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("no name column");
    expect(realSnapshot()).toBe(before);
  });

  it("needs a credential", async () => {
    const form = new FormData();
    form.set("file", new Blob([CSV]), "x.csv");
    const response = await fetch(`${server.url}/investors/import`, { method: "POST", redirect: "manual", body: form });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });
});
