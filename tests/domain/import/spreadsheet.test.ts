import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { declaredUnpackedBytes, readUpload, readXlsxRecords } from "#app/domain/import/spreadsheet.ts";

function workbook(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Investors");
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Other"], ["not read"]]), "Second");
  return new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
}

describe("readUpload: .xlsx", () => {
  it("reads the first sheet as text cells, numbers and all", async () => {
    const records = await readUpload(
      workbook([
        ["Name", "Cheque"],
        ["Alder Ventures", 250000],
      ]),
      10,
    );
    expect(records).toMatchObject({
      records: [
        ["Name", "Cheque"],
        ["Alder Ventures", "250000"],
      ],
      encoding: "xlsx",
    });
  });

  it("refuses a sheet with more rows than allowed instead of cutting it", async () => {
    const rows = [["Name"], ...Array.from({ length: 12 }, (_, index) => [`Investor ${index}`])];
    expect(await readXlsxRecords(workbook(rows), 10)).toEqual({ error: "The file has more than 20,000 rows; split it." });
    expect(await readXlsxRecords(workbook(rows), 12)).toHaveProperty("records");
  });

  it("refuses a zip that declares more than it may unpack to, before inflating it", async () => {
    const bytes = workbook([["Name"], ["A"]]);
    expect(declaredUnpackedBytes(bytes)).toBeGreaterThan(0);
    // Patch the first central-directory entry's declared size to 1 GB: a zip bomb's signature.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = bytes.length - 22;
    while (view.getUint32(at, true) !== 0x06054b50) at--;
    view.setUint32(view.getUint32(at + 16, true) + 24, 1024 ** 3, true);
    expect(await readXlsxRecords(bytes, 10)).toEqual({
      error: "The workbook unpacks to more than 200 MB. Save the sheet as CSV, or split it.",
    });
  });

  it("answers a broken zip with a sentence, not a throw", async () => {
    expect(await readUpload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 10)).toEqual({
      error: "The file is not a spreadsheet we can read. Save it as .xlsx or CSV and try again.",
    });
  });
});
