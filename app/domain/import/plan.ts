import { emailKey, type Identity, identityOf, nameKey, sameInvestor } from "./identity.ts";
import type { ParsedImport } from "./parse.ts";
import type { ImportRow, RejectedRow } from "./rows.ts";

/**
 * Which parsed rows create an investor and which update one already saved (real rows only; the
 * caller passes them). Same email first, else the same name not told apart by firm or website
 * domain (identity.ts). Linear in rows + existing.
 */

export type ExistingInvestor = { id: number; name: string; firm: string | null; email: string | null; website?: string | null };

export type ImportPlan = {
  create: ImportRow[];
  update: Array<ImportRow & { id: number }>;
  rejected: RejectedRow[];
  warnings: string[];
  error?: string;
};

/**
 * `existing` is read once, in any order (a database cursor: the saved rows are never all held,
 * only their identities in the two maps below).
 */
export function planImport(parsed: ParsedImport, existing: Iterable<ExistingInvestor>): ImportPlan {
  if (parsed.error !== undefined) return { create: [], update: [], rejected: [], warnings: parsed.warnings, error: parsed.error };

  // The oldest of two matches is the one updated, whatever order the rows come in.
  const byEmail = new Map<string, number>();
  const byName = new Map<string, Array<Identity & { id: number }>>();
  for (const investor of existing) {
    const identity = identityOf(investor);
    const email = emailKey(investor.email);
    if (email !== undefined && (byEmail.get(email) ?? Number.POSITIVE_INFINITY) > investor.id) byEmail.set(email, investor.id);
    const key = nameKey(investor.name);
    const list = byName.get(key);
    if (list) list.push({ ...identity, id: investor.id });
    else byName.set(key, [{ ...identity, id: investor.id }]);
  }
  for (const list of byName.values()) if (list.length > 1) list.sort((a, b) => a.id - b.id);

  const create: ImportRow[] = [];
  const update: Array<ImportRow & { id: number }> = [];
  const rejected = [...parsed.rejected];
  const lineById = new Map<number, number>();
  for (const row of parsed.rows) {
    const identity = identityOf(row.profile);
    const candidates = byName.get(nameKey(identity.name)) ?? [];
    // A candidate that shares the domain or firm beats one that merely does not contradict.
    const positive = candidates.find(
      (other) =>
        sameInvestor(other, identity) &&
        ((other.domain && other.domain === identity.domain) || (other.firm && other.firm === identity.firm)),
    );
    const id =
      (identity.email === undefined ? undefined : byEmail.get(identity.email)) ??
      positive?.id ??
      candidates.find((other) => sameInvestor(other, identity))?.id;
    if (id === undefined) {
      create.push(row);
      continue;
    }
    // Two rows reaching one investor by different routes would overwrite each other: the first wins.
    const earlier = lineById.get(id);
    if (earlier !== undefined) {
      rejected.push({ line: row.line, name: row.profile.name, reasons: [`updates the same existing investor as line ${earlier}`] });
      continue;
    }
    lineById.set(id, row.line);
    update.push({ ...row, id });
  }
  rejected.sort((a, b) => a.line - b.line);
  return { create, update, rejected, warnings: parsed.warnings };
}
