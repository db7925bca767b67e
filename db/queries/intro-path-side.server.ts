import { eq } from "drizzle-orm";
import type { Db } from "../database.server.ts";
import { introPaths } from "../schema.ts";

/**
 * Which investor and side (real, demo) an intro path is on, or undefined: a page or the API checks
 * it before a write, so a path of the other side is "not found" (decision 065).
 */
export function introPathSide(db: Db, pathId: number): { investorId: number; isDemo: boolean } | undefined {
  return db
    .select({ investorId: introPaths.investorId, isDemo: introPaths.isDemo })
    .from(introPaths)
    .where(eq(introPaths.id, pathId))
    .get();
}
