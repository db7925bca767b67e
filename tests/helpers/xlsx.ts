import { crc32, deflateRawSync } from "node:zlib";

/**
 * Zips and .xlsx workbooks written by hand (the zip format with node:zlib), so tests make any
 * workbook, honest or hostile, without a spreadsheet library: several sheets, shared or inline
 * strings, numbers, and entries whose sizes hide behind a data descriptor while the central
 * directory lies about them.
 */

export type ZipFile = {
  name: string;
  data: Uint8Array | string;
  /** Stored without compression (method 0). */
  stored?: boolean;
  /**
   * Sizes and CRC left out of the local header (flag bit 3) and written after the data in a
   * descriptor; `lie` puts this size in the central directory (and the descriptor) instead.
   */
  descriptor?: { lie?: number };
  /** Data already deflated (a bomb made as a stream): its deflated body, size and CRC. */
  deflated?: { body: Uint8Array; size: number; crc: number };
};

const bytesOf = (data: Uint8Array | string) => (typeof data === "string" ? new TextEncoder().encode(data) : data);

export function writeZip(files: ZipFile[]): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const push = (chunk: Uint8Array) => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  for (const file of files) {
    const raw = bytesOf(file.data);
    const body = file.deflated?.body ?? (file.stored ? raw : new Uint8Array(deflateRawSync(raw)));
    const name = new TextEncoder().encode(file.name);
    const crc = file.deflated?.crc ?? crc32(raw);
    const rawLength = file.deflated?.size ?? raw.length;
    const flags = file.descriptor ? 0x0008 : 0;
    const compressed = file.descriptor?.lie ?? body.length;
    const size = file.descriptor?.lie ?? rawLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(file.stored ? 0 : 8, 8);
    if (!file.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(compressed, 18);
      local.writeUInt32LE(size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const at = offset;
    push(local);
    push(name);
    push(body);
    if (file.descriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
      push(descriptor);
    }
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt16LE(file.stored ? 0 : 8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(at, 42);
    central.push(entry, name);
  }
  const start = offset;
  for (const chunk of central) push(chunk);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(offset - start, 12);
  end.writeUInt32LE(start, 16);
  push(end);
  return new Uint8Array(Buffer.concat(chunks));
}

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** "A", "B", … "Z", "AA" for 0, 1, … 25, 26. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export type Cell = string | number | boolean | null;

/** One sheet's XML: strings inline, or as indexes into `shared` when given (which it fills). */
export function sheetXml(rows: Cell[][], options: { shared?: string[]; dimension?: string; firstRow?: number } = {}): string {
  const index = new Map<string, number>();
  const out = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    options.dimension ? `<dimension ref="${options.dimension}"/>` : "",
    "<sheetData>",
  ];
  for (const [r, row] of rows.entries()) {
    const number = (options.firstRow ?? 1) + r;
    out.push(`<row r="${number}">`);
    for (const [c, cell] of row.entries()) {
      const ref = `${columnName(c)}${number}`;
      if (cell === null) continue;
      if (typeof cell === "number") out.push(`<c r="${ref}"><v>${cell}</v></c>`);
      else if (typeof cell === "boolean") out.push(`<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`);
      else if (options.shared) {
        let at = index.get(cell);
        if (at === undefined) {
          at = options.shared.push(cell) - 1;
          index.set(cell, at);
        }
        out.push(`<c r="${ref}" t="s"><v>${at}</v></c>`);
      } else out.push(`<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`);
    }
    out.push("</row>");
  }
  out.push("</sheetData></worksheet>");
  return out.join("");
}

export function sharedStringsXml(strings: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">`,
    ...strings.map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`),
    "</sst>",
  ].join("");
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts around the sheets: content types, the package's and the workbook's relationships, the workbook. */
export function workbookParts(sheetNames: string[], withShared: boolean): ZipFile[] {
  const sheets = sheetNames.map((name, index) => ({ name, id: `rId${index + 1}`, path: `worksheets/sheet${index + 1}.xml` }));
  return [
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>${sheets
        .map((sheet, index) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="${sheet.id}"/>`)
        .join("")}</sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map((sheet) => `<Relationship Id="${sheet.id}" Type="${REL}/worksheet" Target="${sheet.path}"/>`)
        .join("")}${withShared ? `<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ""}</Relationships>`,
    },
  ];
}

/** A workbook of named sheets of rows; strings shared (as Excel writes them) unless `inline`. */
export function workbook(sheets: Array<{ name: string; rows: Cell[][] }>, options: { inline?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const shared = options.inline ? undefined : [];
  const sheetFiles = sheets.map((sheet, index) => ({
    name: `xl/worksheets/sheet${index + 1}.xml`,
    data: sheetXml(sheet.rows, { shared }),
  }));
  return writeZip([
    ...workbookParts(
      sheets.map((sheet) => sheet.name),
      shared !== undefined,
    ),
    ...sheetFiles,
    ...(shared ? [{ name: "xl/sharedStrings.xml", data: sharedStringsXml(shared) }] : []),
  ]);
}
