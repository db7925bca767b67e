import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { addDeckPage, finishDeckVersion, setDeckPageCount } from "#db/queries/decks.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { DECK_REFUSALS, RENDER_LIMITS, RENDER_RSS_LIMIT_MIB, RENDER_TIME_LIMIT_MS, readRenderLine } from "../domain/decks.ts";
import { log } from "../log.server.ts";

/**
 * A deck's pages rendered in a child process (scripts/render-deck.ts, decision 067): MuPDF's
 * WebAssembly and libvips take 150 MiB and more for a deck, too much beside the server's 96 MB
 * heap. The server reads the child's lines one at a time, stores each page as it comes (one image
 * in memory at a time), and kills the child past the wall clock or the memory it polls.
 */

/** How often the child's resident set is read from /proc. */
const RSS_POLL_MS = 100;

export type RenderOutcome =
  | { ready: true; pages: number; ms: number; peakRssMib: number }
  | { ready: false; refusal: string; ms: number; peakRssMib: number };

export type RenderLimitsOverride = { timeLimitMs?: number; rssLimitMib?: number };

/** The renderer script: beside the server's working folder (the repository, or /app in the image). */
export function rendererPath(): string {
  return join(process.cwd(), "scripts", "render-deck.ts");
}

/** The child's resident set in MiB (VmRSS), or 0 when it is gone. */
function residentMib(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "latin1");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Renders the PDF at `file` into `folder`, storing each page under `versionId` as it is written,
 * and ends the version ready or failed in words. Never throws: every failure is a refusal.
 */
export async function renderDeck(
  db: AppDatabase,
  versionId: number,
  file: string,
  folder: string,
  limits: RenderLimitsOverride = {},
): Promise<RenderOutcome> {
  const started = performance.now();
  const timeLimitMs = limits.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const rssLimitMib = limits.rssLimitMib ?? RENDER_RSS_LIMIT_MIB;
  const child = spawn(process.execPath, [rendererPath(), file, folder, JSON.stringify(RENDER_LIMITS), JSON.stringify(DECK_REFUSALS)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" },
  });
  let stopped: string | null = null;
  let peakRssMib = 0;
  const poll = setInterval(() => {
    if (child.pid === undefined) return;
    peakRssMib = Math.max(peakRssMib, residentMib(child.pid));
    if (peakRssMib > rssLimitMib && !stopped) {
      stopped = DECK_REFUSALS.memoryLimit;
      child.kill("SIGKILL");
    }
  }, RSS_POLL_MS);
  const timer = setTimeout(() => {
    if (!stopped) {
      stopped = DECK_REFUSALS.timeLimit;
      child.kill("SIGKILL");
    }
  }, timeLimitMs);
  // What the child says on stderr (mupdf's warnings) is kept short, for the log only.
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    if (stderr.length < 2000) stderr += chunk.toString("utf8").slice(0, 2000 - stderr.length);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once("error", () => resolve(-1));
    child.once("close", (code) => resolve(code));
  });

  let pages = 0;
  let refusal: string | null = null;
  let done = false;
  try {
    const lines = createInterface({ input: child.stdout!, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const text of lines) {
      const line = readRenderLine(text);
      if (!line) continue;
      if (line.type === "pages") {
        pages = line.count;
        setDeckPageCount(db, versionId, line.count);
      } else if (line.type === "page") {
        // Only a file in the folder the server made is read.
        if (!line.file.startsWith(`${folder}/`)) continue;
        const image = await readFile(line.file);
        await rm(line.file, { force: true });
        addDeckPage(db, versionId, { number: line.number, width: line.width, height: line.height, title: line.title, image });
      } else if (line.type === "refused") refusal = line.reason;
      else done = true;
    }
  } catch (error) {
    refusal ??= DECK_REFUSALS.crashed;
    log.warn("deck render output unreadable", { version: versionId, error: String(error) });
  }
  const code = await exited;
  clearInterval(poll);
  clearTimeout(timer);
  const ms = Math.round(performance.now() - started);
  const reason = stopped ?? refusal ?? (done && code === 0 ? null : DECK_REFUSALS.crashed);
  const outcome: RenderOutcome =
    reason === null ? { ready: true, pages, ms, peakRssMib } : { ready: false, refusal: reason, ms, peakRssMib };
  finishDeckVersion(
    db,
    versionId,
    outcome.ready ? { ready: true, renderMs: ms } : { ready: false, refusal: outcome.refusal, renderMs: ms },
  );
  log.info(outcome.ready ? "deck rendered" : "deck refused", {
    version: versionId,
    pages,
    ms,
    peak_rss_mib: Math.round(peakRssMib),
    ...(outcome.ready ? {} : { reason: outcome.refusal, exit: code, stderr: stderr.slice(0, 300) }),
  });
  return outcome;
}
