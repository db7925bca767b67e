import { createHash } from "node:crypto";
import { deleteState, readState, writeState } from "#db/queries/app-state.server.ts";
import type { App } from "../app-context.ts";
import { guessMapping, IMPORT_FIELDS } from "../domain/import/fields.ts";

/**
 * The column choices a founder made for a set of headers, remembered for the next file with the
 * same headers (a monthly export of the same CRM), in app_state under a hash of the header row
 * written the same way (case, spacing and a BOM do not count). Only choices that differ from the
 * guess are kept: going back to the guess forgets them.
 */

const KNOWN = new Set<string>(["ignore", ...IMPORT_FIELDS]);

function mappingKey(header: readonly string[]): string {
  const normalised = header.map((cell) =>
    cell
      .replace(/^\uFEFF/, "")
      .normalize("NFKC")
      .trim()
      .toLowerCase()
      .replace(/\s+/g, " "),
  );
  return `import_mapping:${createHash("sha256").update(normalised.join("\u001f")).digest("hex")}`;
}

/** The targets chosen last time for this header row, or undefined (nothing kept, or kept for another shape). */
export function recallMapping(app: App, header: readonly string[]): string[] | undefined {
  const saved = readState(app.db, mappingKey(header));
  if (saved === undefined) return undefined;
  try {
    const targets: unknown = JSON.parse(saved);
    if (!Array.isArray(targets) || targets.length !== header.length) return undefined;
    return targets.every((target) => typeof target === "string" && KNOWN.has(target)) ? (targets as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/** After an import: keeps the targets used when the founder changed any, else forgets what was kept. */
export function rememberMapping(app: App, header: readonly string[], sample: string[][], used: readonly string[]): void {
  const key = mappingKey(header);
  const guessed = guessMapping([...header], sample).columns.map((column) => column.target);
  if (guessed.length === used.length && guessed.every((target, index) => target === used[index])) deleteState(app.db, key);
  else writeState(app.db, key, JSON.stringify(used), app.now());
}
