import { hostname } from "node:os";

/** This process as a run's lease owner: `host:pid`. */
export const THIS_PROCESS = `${hostname()}:${process.pid}`;

/**
 * Whether a lease owner is certainly gone: a process on this same machine whose pid no longer
 * exists (the app runs as one process on one machine, so a restart after a crash need not wait
 * for the lease to expire). Owners on other hosts are never judged dead here.
 */
export function isOwnerGone(owner: string | null): boolean {
  if (!owner) return true;
  const at = owner.lastIndexOf(":");
  const host = owner.slice(0, at);
  const pid = Number(owner.slice(at + 1));
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
