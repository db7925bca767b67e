import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { count } from "#tests/helpers/checksum.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { workbook } from "#tests/helpers/xlsx.ts";

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

  function post(intent: "preview" | "commit", csv = CSV) {
    return importCsv(server, csv, { as: { passcode: PASSCODE }, intent });
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
    expect(html).toMatch(/<strong>6<\/strong> new/);
    expect(html).toMatch(/<strong>2<\/strong> rejected/);
    expect(html).toContain("same investor as line 2 (same email)");
    // A bad optional cell costs the cell, not the row, and the preview says which and why.
    expect(html).toContain("Imported without some cells");
    expect(html).toContain("Email: &#x27;not-an-email&#x27; is not an email address");
    expect(html).toContain("has no name");
    expect(html).toContain("李小龙");
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 0")).toBe(0);
  });

  it("commits in one transaction without duplicates, keeping Unicode names exactly", async () => {
    const response = await post("commit");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/investors\/import\?done=/);
    const db = new Database(server.databasePath, { readonly: true });
    try {
      const names = db.prepare("select name from investors where is_demo = 0 order by id").pluck().all();
      expect(names).toEqual(["Zoë Ångström", "李小龙", "Łukasz Żółć", "Bad Email", "Bad Stage", "Emoji Angel 🚀"]);
      const growth = db.prepare("select stages, email from investors where name = 'Bad Stage'").get() as Record<string, unknown>;
      expect(growth).toEqual({ stages: '["series_b_plus"]', email: null });
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
    expect(preview).toMatch(/<strong>6<\/strong> unchanged/);
    expect((await post("commit")).status).toBe(303);
    expect(realSnapshot()).toBe(before);
  });

  it("updates a matched investor with only the cells given, keeping notes written in the app and never moving the last contact back", async () => {
    // Edited in the app after the import wrote them: from now on the founder's, not the file's.
    const writable = new Database(server.databasePath);
    writable.prepare("update investors set personal_notes = 'Met in Oslo, twice' where name = 'Zoë Ångström'").run();
    writable.close();
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
          personal_notes: "Met in Oslo, twice",
          relationship_status: "in_conversation",
          last_contact_date: "2026-11-01",
        },
      ]);
    } finally {
      db.close();
    }
  });

  it("proposes a name column when none is called so, lists the columns, and the founder can choose another", async () => {
    const first = await (await post("preview", "Score,Who,Where\n12,Acme Capital,Paris\n9,Bolt Ventures,Lyon")).text();
    expect(first).toContain("names are read from &#x27;Who&#x27;");
    expect(first).toContain("Columns found: Score, Who, Where");
    const token = /name="upload" value="([^"]+)"/.exec(first)?.[1] ?? "";
    expect(token).not.toBe("");
    // Re-posted with the selects (as the page's form does without JavaScript): Where becomes the name.
    const form = new FormData();
    form.set("intent", "preview");
    form.set("upload", token);
    form.set("map.0", "ignore");
    form.set("map.1", "ignore");
    form.set("map.2", "name");
    const again = await fetch(`${server.url}/investors/import`, { method: "POST", headers: { "x-admin-passcode": PASSCODE }, body: form });
    const html = await again.text();
    expect(html).toMatch(/<strong>2<\/strong> new/);
    expect(html).toContain("<td>Paris</td>");
    expect(html).not.toContain("names are read from");
  });

  it("reads an Excel workbook's first sheet and a UTF-16 semicolon file", async () => {
    const bytes = workbook([
      {
        name: "Investors",
        rows: [
          ["Investor Name", "Cheque range", "Countries"],
          ["Xena Sheet", "€250k", "Slovenia, Croatia"],
        ],
      },
    ]);
    const xlsx = await (await importCsv(server, bytes, { as: { passcode: PASSCODE }, intent: "preview", filename: "list.xlsx" })).text();
    expect(xlsx).toContain("Read as an Excel workbook (first sheet).");
    expect(xlsx).toContain("Xena Sheet");

    const text = "Name;Countries\nUta Sixteen;Slovenia\n";
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    const html = await (await importCsv(server, utf16, { as: { passcode: PASSCODE }, intent: "preview", filename: "unicode.txt" })).text();
    expect(html).toContain("Read as UTF-16 text, values separated by semicolons.");
    expect(html).toContain("Uta Sixteen");
  });

  it("refuses a file over 10 MB with the limit in the message", async () => {
    const response = await post("preview", `Name\n${"x".repeat(10 * 1024 * 1024 + 10)}`);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("larger than 10 MB");
  });

  it("needs a credential", async () => {
    const response = await importCsv(server, CSV, { as: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });
});
