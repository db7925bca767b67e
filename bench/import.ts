import { parse } from "csv-parse/sync";
import { count } from "#tests/helpers/checksum.ts";
import { startBuiltServer } from "#tests/helpers/server.ts";
import { processMemory } from "#tests/helpers/process-memory.ts";

/** The upload limit of app/routes/investor-import.tsx (a .tsx module node cannot load here). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const PASSCODE = "bench-import-passcode";
const ROWS = 20_000;

const STAGES = [
  "Pre-seed, Seed",
  "Seed",
  "A-round",
  "Series A",
  "Seed to Growth",
  "Pre-seed / Seed",
  "Growth",
  "Seed+",
  "Idea, Prototype +3",
];
const CHEQUES = ["$500K-$2M", "$250K - $2M", "$50k to $1M", "€250k", "50-250k", "1.5m", "up to $500k", "$1M+", "£1M"];
const PLACES = ["UK,Netherlands", "Slovenia", "Germany; France", "United States", "Nordics", "Europe", "Japan", "Brazil | Mexico"];
const SECTORS = ["FinTech; SaaS", "AI, Developer tools", "Climate", "Healthcare / Biotech", "Consumer", "Generalist"];
const KINDS = ["VC", "Solo angel", "Family office", "Corporate VC", "Micro VC"];
/** A founder's own words too (decision 052): "Ghosted" is asked, and the commit answers it. */
const STATUSES = [
  "",
  "",
  "Contacted",
  "First Meeting",
  "Intro Requested",
  "Passed",
  "Call booked",
  "In DD",
  "Soft yes",
  "Passed - too early",
  "Ghosted",
];
const ANSWERS = { "value.relationship_status.ghosted": "contacted" };

/** One row of a real-looking list; `pad` lengthens the notes so a file can reach the size limit. */
function row(index: number, pad: string): string {
  const pick = <T>(list: readonly T[]) => list[index % list.length] as T;
  const day = String((index % 28) + 1).padStart(2, "0");
  const cells = [
    `Partner ${index} Example`,
    `Fund ${index % 4_000} Capital`,
    pick(CHEQUES),
    pick(STAGES),
    pick(PLACES),
    pick(SECTORS),
    pick(KINDS),
    pick(STATUSES),
    index % 3 === 0 ? `${day}/11/2026` : "",
    `fund${index % 4_000}.vc`,
    index % 2 === 0 ? `partner${index}@fund${index % 4_000}.example.com` : "",
    `Met at a demo day ${pad}`.trim(),
  ];
  return cells.map((cell) => (/[",\n;|]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(",");
}

const HEADER = "Investor Name,Fund,Check Size Range,Stage Focus,Countries,Industry,Type,Status,Last Contact,Website,Email,Notes";

function listFile(pad: string): Buffer {
  const lines = [HEADER];
  for (let index = 0; index < ROWS; index++) lines.push(row(index, pad));
  return Buffer.from(`${lines.join("\n")}\n`);
}

/** The largest file allowed: 20,000 rows, notes padded so the file is just under the byte limit. */
function largestFile(): Buffer {
  const plain = listFile("").length;
  const room = Math.floor((MAX_UPLOAD_BYTES - plain - 1_000) / ROWS);
  return listFile("x".repeat(Math.max(0, room - 1)));
}

/** The 20,000-row list this bench imports, for another bench's import (bench/team.ts). */
export function importListFile(): Buffer {
  return listFile("");
}

function timeParse(bytes: Buffer): number {
  const started = performance.now();
  parse(bytes.toString("utf8"), { relax_column_count: true });
  return performance.now() - started;
}

export async function runImportBench(): Promise<void> {
  console.log(
    "\n## (n) Import: 20,000 rows of a real-looking list (with a founder's status words mapped), over HTTP, beside csv-parse alone\n",
  );
  const list = listFile("");
  const largest = largestFile();
  const server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  try {
    const headers = { "x-admin-passcode": PASSCODE };
    const startup = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Ledgerly",
        pitch: "Payments for EU freelancers",
        sector: "fintech",
        stage: "seed",
        geography: "Europe",
        round_size: 2_000_000,
      }),
    });
    if (startup.status !== 201) throw new Error(`adding the startup answered ${startup.status}`);

    const post = async (intent: string, bytes: Buffer) => {
      const form = new FormData();
      form.set("intent", intent);
      for (const [name, value] of Object.entries(ANSWERS)) form.set(name, value);
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), "list.csv");
      const started = performance.now();
      const response = await fetch(`${server.url}/investors/import`, { method: "POST", headers, body: form, redirect: "manual" });
      const body = await response.text();
      return { ms: performance.now() - started, status: response.status, body };
    };

    const atStart = processMemory(server.pid);
    const preview = await post("preview", largest);
    const afterPreview = processMemory(server.pid);
    const previewParse = timeParse(largest);
    const commit = await post("commit", list);
    const afterCommit = processMemory(server.pid);
    const listParse = timeParse(list);
    const saved = count(server.databasePath, "select count(*) from investors where is_demo = 0");
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(`server RSS at start ${atStart.rss.toFixed(0)} MiB (peak ${atStart.peak.toFixed(0)} MiB)`);
    console.log(
      `preview of the largest file allowed (${ROWS.toLocaleString("en-US")} rows, ${mib(largest.length)} MiB): ${preview.ms.toFixed(0)} ms (HTTP ${preview.status}) vs csv-parse alone ${previewParse.toFixed(0)} ms (${(preview.ms / previewParse).toFixed(1)}×); server peak RSS ${afterPreview.peak.toFixed(0)} MiB`,
    );
    console.log(
      `import of ${ROWS.toLocaleString("en-US")} rows (${mib(list.length)} MiB) with one startup, every chunk re-scored: ${commit.ms.toFixed(0)} ms (HTTP ${commit.status}) vs csv-parse alone ${listParse.toFixed(0)} ms (${(commit.ms / listParse).toFixed(1)}×), ${saved.toLocaleString("en-US")} investors saved; server peak RSS ${afterCommit.peak.toFixed(0)} MiB (RSS after ${afterCommit.rss.toFixed(0)} MiB)`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await runImportBench();
