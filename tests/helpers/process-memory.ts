import { existsSync, readFileSync } from "node:fs";

export type ProcessMemory = { rss: number; peak: number; anon: number; file: number };

/**
 * A running process's resident memory in MiB, from /proc/<pid>/status: now (VmRSS), its peak
 * (VmHWM), and how much of it is anonymous (heaps, malloc) or file-backed (code, libraries).
 */
export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rss: mib("VmRSS"), peak: mib("VmHWM"), anon: mib("RssAnon"), file: mib("RssFile") };
}

/** The process's peak resident set (VmHWM) in MiB, or undefined when it is gone. */
export function peakRssMib(pid: number): number | undefined {
  return existsSync(`/proc/${pid}/status`) ? processMemory(pid).peak : undefined;
}
