import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS } from "#app/domain/import/limits.ts";
import { count } from "#tests/helpers/checksum.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "one-import-passcode";

/** A list at the import's stated maximum, each row of its own (a preview holds them all while it reads). */
function largestList(tag: string): string {
  const rows = ["Investor Name,Firm,Email,Stage,Sectors,Location,Check Size,Status,Last Contact,Notes"];
  for (let n = 0; n < MAX_IMPORT_ROWS; n++) {
    rows.push(
      `${tag} Investor ${n},Fund ${n},p${n}@fund${n}.example,Seed,Fintech,Oslo,$250k-$1M,Contacted,2026-11-01,Met at an event ${n}`,
    );
  }
  return rows.join("\n");
}

/**
 * One import read at a time (decision 057's limits, per process): two 20,000-row previews at once
 * took the heap (an attack; two co-founders or two tabs suffice). The second is refused at once in
 * words with a Retry-After, nothing is saved, the server stays up, and the next one is read.
 */
describe("two imports at once", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("reads one and refuses the other, which may try again a few seconds later", async () => {
    const [a, b] = await Promise.all(
      ["First", "Second"].map((tag) => importCsv(server, largestList(tag), { as: { passcode: PASSCODE }, intent: "preview" })),
    );
    const answers = [a!, b!].sort((x, y) => x.status - y.status);
    expect(answers.map((answer) => answer.status)).toEqual([200, 503]);
    expect(answers[1]!.headers.get("retry-after")).toBe("5");
    // Both sent with the passcode, as the team's owner: the founder is told it is her own other import.
    expect(await answers[1]!.text()).toContain("Your other import is still being read");
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 0")).toBe(0);
    // The server is up, and the next import is read.
    const next = await importCsv(server, "Investor Name,Status\nAda Next,Contacted", { as: { passcode: PASSCODE } });
    expect(next.status).toBe(303);
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 0")).toBe(1);
  });
});
