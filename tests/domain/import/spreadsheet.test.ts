import { describe, expect, it } from "vitest";
import {
  MAX_CELL_CHARS,
  MAX_PART_BYTES,
  MAX_SHARED_STRINGS,
  MAX_SHEET_BYTES,
  MAX_UNPACKED_BYTES,
  readUpload,
  readXlsxRecords,
} from "#app/domain/import/spreadsheet.ts";
import { sheetXml, workbook, workbookParts, writeZip } from "#tests/helpers/xlsx.ts";
import { MAX_DEPTH } from "#app/domain/import/xml-stream.ts";

const MIB = 1024 * 1024;

/** About `bytes` of text between empty elements: quick to read, held by nobody. */
const filler = (bytes: number) => `${"x".repeat(65_532)}<x/>`.repeat(Math.ceil(bytes / 65_536));

const twoSheets = (rows: Array<Array<string | number | boolean | null>>, options: { inline?: boolean } = {}) =>
  workbook(
    [
      { name: "Investors", rows },
      { name: "Second", rows: [["Other"], ["not read"]] },
    ],
    options,
  );

/** A workbook of one sheet whose XML is given as it is. */
const rawSheet = (xml: string, extra: Parameters<typeof writeZip>[0] = []) =>
  writeZip([...workbookParts(["Sheet1"], extra.length > 0), { name: "xl/worksheets/sheet1.xml", data: xml }, ...extra]);

describe("readUpload: .xlsx", () => {
  it("reads the first sheet as text cells, numbers and all, shared or inline", async () => {
    for (const inline of [false, true]) {
      const records = await readUpload(
        twoSheets(
          [
            ["Name", "Cheque", "Lead"],
            ["Alder Ventures", 250000, true],
            ["Birch & Co <EU>", 0.1 + 0.2, false],
          ],
          { inline },
        ),
        10,
      );
      expect(records).toMatchObject({
        records: [
          ["Name", "Cheque", "Lead"],
          ["Alder Ventures", "250000", "TRUE"],
          ["Birch & Co <EU>", "0.3", "FALSE"],
        ],
        lines: [1, 2, 3],
        encoding: "xlsx",
        sheets: ["Investors", "Second"],
        sheet: "Investors",
      });
    }
  });

  it("reads the sheet asked for, and names the sheets when it is missing", async () => {
    const bytes = twoSheets([["Name"], ["A"]]);
    expect(await readXlsxRecords(bytes, 10, "Second")).toMatchObject({ records: [["Other"], ["not read"]], sheet: "Second" });
    expect(await readXlsxRecords(bytes, 10, "Nope")).toEqual({
      error: "The workbook has no sheet called 'Nope'. Its sheets: Investors, Second.",
    });
  });

  it("places cells by their reference, skips blank rows, keeps sheet row numbers as lines, and ignores rich-text phonetics", async () => {
    const xml =
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Name</t></is></c><c r="C2" t="inlineStr"><is><t>City</t></is></c></row>' +
      '<row r="3"><c r="A3" s="1"/></row>' +
      '<row r="9"><c r="A9" t="s"><v>0</v></c><c r="C9" t="str"><f>UPPER("x")</f><v>X</v></c><c r="XFD9" s="2"/></row>' +
      "</sheetData></worksheet>";
    const sst =
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>Kaz</t></r><r><t>uko</t></r><rPh><t>カズコ</t></rPh></si></sst>';
    expect(await readXlsxRecords(rawSheet(xml, [{ name: "xl/sharedStrings.xml", data: sst }]), 10)).toMatchObject({
      records: [
        ["Name", "", "City"],
        ["Kazuko", "", "X"],
      ],
      lines: [2, 9],
    });
  });

  it("refuses a sheet with more rows than allowed instead of cutting it", async () => {
    const rows = [["Name"], ...Array.from({ length: 12 }, (_, index) => [`Investor ${index}`])];
    expect(await readXlsxRecords(twoSheets(rows), 10)).toEqual({ error: "The file has more than 20,000 rows; split it." });
    expect(await readXlsxRecords(twoSheets(rows), 12)).toHaveProperty("records");
  });

  it("refuses a value past column 200 by its column, and ignores a declared range of 16,384 columns", async () => {
    const far = `<worksheet><dimension ref="A1:XFD20001"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c><c r="XFD2"><v>1</v></c></row></sheetData></worksheet>`;
    expect(await readXlsxRecords(rawSheet(far), 10)).toEqual({
      error: "Line 2 of the file has 16,384 values; the import reads at most 200 columns.",
    });
    const declaredOnly = `<worksheet><dimension ref="A1:XFD20001"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row></sheetData></worksheet>`;
    expect(await readXlsxRecords(rawSheet(declaredOnly), 10)).toMatchObject({ records: [["Name"]] });
  });

  it("refuses a part nested deeper than any spreadsheet writes, in words, before saxes holds the open tags (3.8 KB had taken the heap)", async () => {
    const deep = `<worksheet><sheetData>${"<x>".repeat(300_000)}${"</x>".repeat(300_000)}</sheetData></worksheet>`;
    expect(await readXlsxRecords(rawSheet(deep), 10)).toEqual({
      error: expect.stringContaining(`more than ${MAX_DEPTH} levels deep`),
    });
    // Self-closing tags never pile up, however many: a row of 5,000 empty cells reads.
    const flat = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c>${"<c/>".repeat(5_000)}</row></sheetData></worksheet>`;
    expect(await readXlsxRecords(rawSheet(flat), 10)).toMatchObject({ records: [["Name"]] });
  });

  it("refuses a cell longer than Excel allows, inline, shared, or past what saxes may hold, naming the limit", async () => {
    const long = "x".repeat(MAX_CELL_CHARS + 1);
    const inline = await readXlsxRecords(twoSheets([["Name"], [long]], { inline: true }), 10);
    expect(inline).toEqual({ error: expect.stringContaining("Cell A2 holds more than 32,767 characters") });
    const shared = await readXlsxRecords(twoSheets([["Name"], [long]]), 10);
    expect(shared).toEqual({ error: expect.stringContaining("holds more than 32,767 characters, Excel's own limit for a cell") });
    const huge = await readXlsxRecords(twoSheets([["Name"], ["y".repeat(2_000_000)]], { inline: true }), 10);
    expect(huge).toEqual({ error: expect.stringContaining("more than 32,767 characters") });
  });

  it("refuses a sheet whose cells hold more text than a 10 MB CSV could, in UTF-8 bytes, a shared string counted in every cell", async () => {
    expect(MAX_SHEET_BYTES).toBe(10 * 1024 * 1024);
    const limits = { part: MAX_PART_BYTES, total: MAX_UNPACKED_BYTES, sheetBytes: 2 * 1024 * 1024 };
    const refusal = {
      error: "The sheet's cells add up to more than 2 MB of text, what the largest CSV the import takes could hold. Split the sheet.",
    };
    // 32 cells of 16,384 characters, 32,768 bytes in UTF-8 ("€" is three): 1 MiB of text a row, one shared string.
    const row = Array.from({ length: 32 }, () => "€".repeat(8_192) + "x".repeat(8_192));
    const rows = [["Name"], row, row, row];
    expect(await readXlsxRecords(twoSheets(rows, { inline: true }), 10, undefined, limits)).toEqual(refusal);
    expect(await readXlsxRecords(twoSheets(rows), 10, undefined, limits)).toEqual(refusal);
    expect(await readXlsxRecords(twoSheets(rows.slice(0, 2)), 10, undefined, limits)).toMatchObject({ records: rows.slice(0, 2) });
  });

  it("refuses more shared strings than it holds, before holding them", async () => {
    const sst = `<sst>${"<si><t>a</t></si>".repeat(MAX_SHARED_STRINGS + 1)}</sst>`;
    const xml = '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>';
    expect(await readXlsxRecords(rawSheet(xml, [{ name: "xl/sharedStrings.xml", data: sst }]), 10)).toEqual({
      error: "The workbook holds more than 300,000 different texts, the most the import reads. Save the sheet as CSV, or split it.",
    });
  });

  it("counts the bytes it really inflates: a part whose sizes hide behind a descriptor that lies is stopped at the cap", async () => {
    // 4.4 MB of text between tags (nothing is held) deflates to a few KB; the central directory says 1,000 bytes.
    const xml = `<worksheet><sheetData><row r="1">${filler(4.4 * MIB)}</row></sheetData></worksheet>`;
    const bytes = writeZip([
      ...workbookParts(["Sheet1"], false),
      { name: "xl/worksheets/sheet1.xml", data: xml, descriptor: { lie: 1_000 } },
    ]);
    expect(bytes.length).toBeLessThan(64 * 1024);
    expect(await readXlsxRecords(bytes, 10, undefined, { part: 4 * MIB, total: 100 * MIB })).toEqual({
      error:
        "A part of this workbook (xl/worksheets/sheet1.xml) unpacks to more than 4 MB, the most the import unpacks of one part. Save the sheet as CSV, or split it.",
    });
    // Under the cap it is read: the lie was never what stopped it.
    expect(await readXlsxRecords(bytes, 10, undefined, { part: 5 * MIB, total: 100 * MIB })).toEqual(
      expect.objectContaining({ records: [] }),
    );
    expect(MAX_PART_BYTES).toBe(48 * MIB);
  }, 60_000);

  it("counts all the parts against one budget", async () => {
    // Shared strings of 3 MB, then a sheet of 3 MB: each under the part's cap of 4 MB, together past the whole's 5 MB.
    const filler3 = filler(3 * MIB);
    const bytes = writeZip([
      ...workbookParts(["Sheet1"], true),
      { name: "xl/worksheets/sheet1.xml", data: `<worksheet><sheetData>${filler3}</sheetData></worksheet>` },
      { name: "xl/sharedStrings.xml", data: `<sst>${filler3}<si><t>a</t></si></sst>` },
    ]);
    expect(await readXlsxRecords(bytes, 10, undefined, { part: 4 * MIB, total: 5 * MIB })).toEqual({
      error: "This workbook unpacks to more than 5 MB, the most the import unpacks of one file. Save the sheet as CSV, or split it.",
    });
    expect(await readXlsxRecords(bytes, 10, undefined, { part: 4 * MIB, total: 7 * MIB })).toEqual(
      expect.objectContaining({ records: [] }),
    );
    expect(MAX_UNPACKED_BYTES).toBe(64 * MIB);
  }, 60_000);

  it("answers a broken zip, a truncated part and XML that is not well formed with a sentence, not a throw", async () => {
    const sentence = { error: "The file is not a spreadsheet we can read. Save it as .xlsx or CSV and try again." };
    expect(await readUpload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 10)).toEqual(sentence);
    expect(await readXlsxRecords(rawSheet("<worksheet><sheetData><row></sheetData>"), 10)).toEqual(sentence);
    const bytes = twoSheets([["Name"], ["A"]]);
    expect(await readXlsxRecords(bytes.subarray(0, bytes.length - 200), 10)).toEqual(sentence);
    expect(await readXlsxRecords(rawSheet('<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><worksheet>&a;</worksheet>'), 10)).toEqual(sentence);
  });

  it("reads a plain sheet that sheetXml writes with numbers on a row of its own", async () => {
    expect(
      await readXlsxRecords(
        rawSheet(
          sheetXml([
            ["Name", "Cheque"],
            ["Ann", 5],
          ]),
        ),
        10,
      ),
    ).toMatchObject({
      records: [
        ["Name", "Cheque"],
        ["Ann", "5"],
      ],
    });
  });
});

describe("readUpload: CSV bytes", () => {
  it("reads valid UTF-8 as bytes (BOM left out), and anything else through the decoder", async () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Name;City\nÉva Łoś;Kraków €\n")]);
    expect(await readUpload(utf8, 10)).toMatchObject({
      records: [
        ["Name", "City"],
        ["Éva Łoś", "Kraków €"],
      ],
      delimiter: ";",
      encoding: "utf-8",
    });
    const latin1 = new Uint8Array([...new TextEncoder().encode("Name,City\nJos"), 0xe9, ...new TextEncoder().encode(",Lyon\n")]);
    expect(await readUpload(latin1, 10)).toMatchObject({
      records: [
        ["Name", "City"],
        ["José", "Lyon"],
      ],
      encoding: "windows-1252",
    });
  });
});
