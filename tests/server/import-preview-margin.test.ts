import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedExport } from "#tests/helpers/export-seed.ts";
import { count } from "#tests/helpers/checksum.ts";
import { importCsv, postImport, uploadToken } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { teamWorkbook } from "#tests/helpers/team-workbook.ts";

const PASSCODE = "import-preview-margin-passcode";
/** Two thirds of the production old space (96 MB, scripts/server-flags.ts): the margin the parse must leave. */
const SMALLER_HEAP = ["--max-old-space-size=64"];

/**
 * A 20,000-row, 21-column team workbook (1.9 MB, inside every limit) previewed after a 96.6 MB
 * export at 32,566 investors killed the built server once in five (3 Dec): the preview took the
 * live heap to 87 MB of 96, the file's records and its parsed rows held whole at once (decision
 * 072). Here the same work runs with a third of the heap taken away, at 30,000 investors and five
 * startups: the export, then the preview, each answered, and the server still answering after.
 * Before the parse let records go and held rows at their size, this server died in the preview.
 */
describe("a big workbook's preview leaves the heap a margin", () => {
  let server: RunningServer;

  beforeAll(async () => {
    const path = join(mkdtempSync(join(tmpdir(), "ipi-preview-margin-")), "app.db");
    seedExport(path, { investors: 30_000, startups: 5 });
    server = await startBuiltServer({ DATABASE_PATH: path, ADMIN_PASSCODE: PASSCODE }, { nodeArgs: SMALLER_HEAP });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("exports 30,000 investors, then previews and saves 20,000 new rows of a team's workbook, on two thirds of the heap", async () => {
    const exported = await fetch(`${server.url}/export.json`, { headers: { "x-admin-passcode": PASSCODE } });
    expect(exported.status).toBe(200);
    let bytes = 0;
    for await (const chunk of exported.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    expect(bytes).toBeGreaterThan(30_000 * 1_000);

    const preview = await importCsv(server, teamWorkbook(20_000), {
      as: { passcode: PASSCODE },
      intent: "preview",
      filename: "team.xlsx",
    });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/<strong>20000<\/strong> new/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const saved = await postImport(server, { passcode: PASSCODE }, { upload: uploadToken(html), intent: "commit" });
    expect(saved.status).toBe(303);
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 0")).toBe(50_000);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 300_000);
});
