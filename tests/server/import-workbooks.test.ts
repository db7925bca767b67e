import { once } from "node:events";
import { createDeflateRaw, crc32 } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { peakRssMib } from "#tests/helpers/process-memory.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { type Cell, sharedStringsXml, workbook, workbookParts, writeZip } from "#tests/helpers/xlsx.ts";

const PASSCODE = "import-workbooks-passcode";

/**
 * The workbooks of issue 35 that killed the built server (96 MB old space) through SheetJS, each
 * posted to a fresh server with the production flags: each is answered (imported or refused
 * with the limit named) and /api/health answers afterwards. Decision 057.
 */

/** A workbook of one sheet whose XML is given as it is, with shared strings when given. */
function oneSheet(xml: string, shared?: string): Uint8Array<ArrayBuffer> {
  return writeZip([
    ...workbookParts(["Sheet1"], shared !== undefined),
    { name: "xl/worksheets/sheet1.xml", data: xml },
    ...(shared === undefined ? [] : [{ name: "xl/sharedStrings.xml", data: shared }]),
  ]);
}

/** 1.6 KB: a sheet declaring A1:XFD20001 with a header and one investor. */
function declaredHuge(): Uint8Array<ArrayBuffer> {
  return oneSheet(
    '<worksheet><dimension ref="A1:XFD20001"/><sheetData>' +
      '<row r="1" spans="1:16384"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Firm</t></is></c></row>' +
      '<row r="2" spans="1:16384"><c r="A2" t="inlineStr"><is><t>Dora Declared</t></is></c><c r="B2" t="inlineStr"><is><t>Range Capital</t></is></c></row>' +
      "</sheetData></worksheet>",
  );
}

/** A header, then a name in A and a value in XFD on each of 20,000 rows (about 220 KB). */
function farColumn(): Uint8Array<ArrayBuffer> {
  const rows = ['<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'];
  for (let r = 2; r <= 20_001; r++) rows.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="XFD${r}"><v>1</v></c></row>`);
  return oneSheet(`<worksheet><dimension ref="A1:XFD20001"/><sheetData>${rows.join("")}</sheetData></worksheet>`);
}

/** 1,000,000 shared strings, one cell using the first (about 2.4 MB). */
function millionStrings(): Uint8Array<ArrayBuffer> {
  const strings = Array.from({ length: 1_000_000 }, (_, index) => index.toString(36));
  return oneSheet('<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>', sharedStringsXml(strings));
}

/** An ordinary list of 20,000 investors in 21 columns, strings shared as Excel writes them (about 3 MB). */
function ordinaryList(): Uint8Array<ArrayBuffer> {
  const header = [
    "Investor Name",
    "Firm",
    "Email",
    "Website",
    "LinkedIn",
    "Stage",
    "Sectors",
    "Location",
    "Check Size",
    "Status",
    "Last Contact",
    "Notes",
    "Title",
    "Phone",
    "Twitter",
    "Source",
    "Owner",
    "Tags",
    "Fund Size",
    "Portfolio",
    "Intro By",
  ];
  const rows: Cell[][] = [header];
  for (let i = 0; i < 20_000; i++) {
    rows.push([
      `Angel ${i} Dupont`,
      `Fund ${i % 500} Capital`,
      `a${i}@fund${i % 500}.example`,
      `https://fund${i % 500}.example`,
      `https://linkedin.com/in/angel-${i}`,
      "Seed, Series A",
      "fintech; saas",
      "Paris, France",
      `$${50 + (i % 300)}k-$${1 + (i % 9)}M`,
      ["Not contacted", "Contacted", "Passed", "Meeting"][i % 4] as string,
      46_000 + (i % 300),
      `Met at a demo day in ${2020 + (i % 6)}; likes payments`,
      "Partner",
      `+33 1 ${String(i).padStart(8, "0")}`,
      `@angel${i}`,
      "Conference",
      "Me",
      "warm",
      `$${10 + (i % 90)}M`,
      `${i % 40} companies`,
      `Friend ${i % 70}`,
    ]);
  }
  return workbook([{ name: "Investors", rows }]);
}

/**
 * The attack of 3 Dec (its generator, /work/walk/gen.py): 20,000 investors in 21 columns, every
 * string inline, realistic text in most cells and a "€" in each row, about 1.6 MB. The reader held
 * each longer cell as a slice of the 16 K-character piece of sheet XML it was read from, so the
 * records kept the whole sheet's text alive (two bytes a character: the "€" makes every piece
 * two-byte), about 45 MB of heap on top of the records; the built server died out of heap.
 */
function attackersList(): Uint8Array<ArrayBuffer> {
  const header = [
    "Name",
    "Firm",
    "Kind",
    "Website",
    "LinkedIn",
    "Email",
    "Sectors",
    "Stages",
    "Geographies",
    "Based in",
    "Cheque min",
    "Cheque max",
    "Currency",
    "Status",
    "Last contact",
    "Notes",
    "Amount",
    "Next step",
    "Next step date",
    "Owner",
    "Intro via",
  ];
  const rows: Cell[][] = [header];
  for (let i = 1; i <= 20_000; i++) {
    rows.push([
      `Person ${i}`,
      `Fund ${i % 3000}`,
      "fund",
      `https://fund${i}.example.com`,
      "",
      `p${i}@fund${i % 3000}.example.com`,
      "fintech, saas",
      "seed",
      "Nordics",
      "Oslo",
      "100000",
      "500000",
      "EUR",
      "Not contacted",
      "2026-11-01",
      "note ".repeat(10),
      "€250k",
      "",
      "",
      "",
      "",
    ]);
  }
  return workbook([{ name: "Investors", rows }], { inline: true });
}

/**
 * About 550 KB of upload that inflates to about 220 MB of empty cells (no row is held), its sizes in a
 * data descriptor and the central directory saying 1,000 bytes.
 */
async function descriptorBomb(): Promise<Uint8Array<ArrayBuffer>> {
  const head = Buffer.from('<worksheet><sheetData><row r="1">');
  const cells = Buffer.from('<c r="A1" s="1"/>'.repeat(65_536));
  const tail = Buffer.from("</row></sheetData></worksheet>");
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => parts.push(chunk));
  let size = 0;
  let crc = 0;
  for (const piece of [head, ...Array.from({ length: 200 }, () => cells), tail]) {
    size += piece.length;
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  const body = new Uint8Array(Buffer.concat(parts));
  return writeZip([
    ...workbookParts(["Sheet1"], false),
    { name: "xl/worksheets/sheet1.xml", data: "", deflated: { body, size, crc }, descriptor: { lie: 1_000 } },
  ]);
}

/** The 512 MB machine (docs/deploy.md) less room for Litestream, SQLite and the OS, as in import-memory.test.ts. */
const RSS_BUDGET_MIB = 300;

describe("hostile workbooks at the import's preview", () => {
  let server: RunningServer | undefined;
  afterEach(async () => server?.stop());

  /** Posts the file for a preview; with `watch`, asks /api/health every 100 ms meanwhile and prints the slowest answer (timing: not asserted). */
  async function preview(bytes: Uint8Array<ArrayBuffer>, name: string, options: { watch?: boolean } = {}) {
    const running = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    server = running;
    const started = performance.now();
    let done = false;
    let slowest = 0;
    const watching = (async () => {
      while (options.watch && !done) {
        const asked = performance.now();
        expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const response = await importCsv(running, bytes, { as: { passcode: PASSCODE }, intent: "preview", filename: `${name}.xlsx` });
    const html = await response.text();
    done = true;
    await watching;
    if (options.watch) console.info(`${name}: the slowest /api/health while it was read: ${slowest.toFixed(0)} ms`);
    const seconds = (performance.now() - started) / 1000;
    const health = await fetch(`${running.url}/api/health`);
    expect(health.status).toBe(200);
    const peak = peakRssMib(running.pid);
    console.info(
      `${name}: ${(bytes.length / 1024).toFixed(1)} KB, answered ${response.status} in ${seconds.toFixed(1)} s, peak RSS ${peak?.toFixed(0)} MiB`,
    );
    expect(peak).toBeLessThan(RSS_BUDGET_MIB);
    return { status: response.status, html };
  }

  it("reads a 1.6 KB workbook that declares A1:XFD20001, its declared range ignored", async () => {
    const bytes = declaredHuge();
    expect(bytes.length).toBeLessThan(2_048);
    const { status, html } = await preview(bytes, "declared-range");
    expect(status).toBe(200);
    expect(html).toContain("<td>Dora Declared</td>");
  }, 60_000);

  it("refuses one value in column XFD on 20,000 rows by its column", async () => {
    const bytes = farColumn();
    const { status, html } = await preview(bytes, "column-xfd");
    expect(status).toBe(400);
    expect(html).toContain("Line 2 of the file has 16,384 values; the import reads at most 200 columns.");
  }, 60_000);

  it("refuses 1,000,000 shared strings before holding them", async () => {
    const bytes = millionStrings();
    const { status, html } = await preview(bytes, "million-strings");
    expect(status).toBe(400);
    expect(html).toContain("The workbook holds more than 300,000 different texts, the most the import reads.");
  }, 60_000);

  it("previews an ordinary 20,000-row, 21-column sheet", async () => {
    const bytes = ordinaryList();
    const { status, html } = await preview(bytes, "ordinary-20000x21");
    expect(status).toBe(200);
    expect(html).toMatch(/<strong>20000<\/strong> new/);
  }, 180_000);

  it("previews and saves the attack's 20,000-row, 21-column workbook of inline strings, and the server stays up", async () => {
    const bytes = attackersList();
    const { status, html } = await preview(bytes, "attack-20000x21-inline");
    expect(status).toBe(200);
    expect(html).toMatch(/<strong>20000<\/strong> new/);
    const running = server as RunningServer;
    const saved = await importCsv(running, bytes, { as: { passcode: PASSCODE }, filename: "attack.xlsx" });
    expect(saved.status).toBe(303);
    expect(count(running.databasePath, "select count(*) from investors where is_demo = 0")).toBe(20_000);
    // Again, against the 20,000 it saved: every row is matched to a saved investor (the attack's
    // second death came with 66 saved).
    const again = await importCsv(running, bytes, { as: { passcode: PASSCODE }, intent: "preview", filename: "attack.xlsx" });
    expect(again.status).toBe(200);
    expect(await again.text()).toMatch(/<strong>20000<\/strong> unchanged/);
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    const peak = peakRssMib(running.pid);
    console.info(`attack-20000x21-inline: peak RSS over the preview, the save and a second preview: ${peak?.toFixed(0)} MiB`);
    expect(peak).toBeLessThan(RSS_BUDGET_MIB);
  }, 300_000);

  it("stops a zip bomb whose sizes hide behind a data descriptor at the part's cap, counting what it inflates", async () => {
    const bytes = await descriptorBomb();
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const { status, html } = await preview(bytes, "descriptor-bomb", { watch: true });
    expect(status).toBe(400);
    expect(html).toContain(
      "A part of this workbook (xl/worksheets/sheet1.xml) unpacks to more than 48 MB, the most the import unpacks of one part.",
    );
  }, 120_000);
});
