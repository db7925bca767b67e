/**
 * The programs `npm test` drives besides Node, all from Debian: chromium (the end-to-end tests),
 * nginx and openssl (the test behind a real TLS proxy), dovecot-imapd (the mail sync's tests run
 * a private Dovecot IMAP server; openssl makes its certificate), openssh-server (the restore drill
 * replicates with Litestream to a private sshd's SFTP; ssh-keygen, from openssh-client, makes its
 * keys), libjemalloc2 (the servers the tests start run with the allocator the app ships with,
 * scripts/server-flags.ts). When one is missing and we are root with
 * apt-get, it is installed (one `apt-get update`, one `apt-get install`), so `npm ci && npm test`
 * works on a fresh machine; otherwise the one command to run is printed.
 * `node scripts/ensure-test-tools.ts --dry-run` only says what it would do.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { JEMALLOC_PATHS } from "./server-flags.ts";
import { delimiter, join } from "node:path";

export type Tool = { name: string; package: string; found: () => boolean };

export type Plan =
  | { kind: "ready" }
  | { kind: "install"; packages: string[]; commands: string[][] }
  | { kind: "ask"; packages: string[]; message: string };

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string, path = process.env.PATH ?? ""): boolean {
  return path.split(delimiter).some((dir) => dir !== "" && isExecutable(join(dir, command)));
}

export function testTools(env: Record<string, string | undefined> = process.env): Tool[] {
  const chromium = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const nginx = env.NGINX_PATH ?? "/usr/sbin/nginx";
  const dovecot = env.DOVECOT_PATH ?? "/usr/sbin/dovecot";
  const sshd = env.SSHD_PATH ?? "/usr/sbin/sshd";
  return [
    { name: `chromium (${chromium})`, package: "chromium", found: () => isExecutable(chromium) },
    { name: `nginx (${nginx})`, package: "nginx", found: () => isExecutable(nginx) },
    { name: "openssl", package: "openssl", found: () => onPath("openssl") },
    { name: `dovecot (${dovecot})`, package: "dovecot-imapd", found: () => isExecutable(dovecot) },
    { name: `sshd (${sshd})`, package: "openssh-server", found: () => isExecutable(sshd) },
    { name: "ssh-keygen", package: "openssh-client", found: () => onPath("ssh-keygen") },
    { name: "jemalloc (libjemalloc2)", package: "libjemalloc2", found: () => JEMALLOC_PATHS.some((path) => existsSync(path)) },
  ];
}

/** What to do about the missing tools: nothing, install them, or ask the user to. */
export function planTestTools(missing: Tool[], can: { root: boolean; aptGet: boolean }): Plan {
  if (missing.length === 0) return { kind: "ready" };
  const packages = [...new Set(missing.map((tool) => tool.package))];
  if (can.root && can.aptGet) {
    return {
      kind: "install",
      packages,
      commands: [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", ...packages],
      ],
    };
  }
  const names = missing.map((tool) => tool.name).join(", ");
  return {
    kind: "ask",
    packages,
    message: `The tests need ${names}. Install with: sudo apt-get install -y ${packages.join(" ")}`,
  };
}

function main(): number {
  const dryRun = process.argv.includes("--dry-run");
  const tools = testTools();
  const missing = tools.filter((tool) => !tool.found());
  const plan = planTestTools(missing, { root: process.getuid?.() === 0, aptGet: onPath("apt-get") });
  if (plan.kind === "ready") {
    if (dryRun) console.log("Test tools: all present (chromium, nginx, openssl, dovecot, sshd, ssh-keygen, jemalloc).");
    return 0;
  }
  if (plan.kind === "ask") {
    console.error(plan.message);
    return 1;
  }
  console.log(`Installing Debian's ${plan.packages.join(", ")} for the tests: ${plan.commands.map((c) => c.join(" ")).join(" && ")}`);
  if (dryRun) return 0;
  for (const command of plan.commands) {
    const result = spawnSync(command[0]!, command.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      console.error(`\`${command.join(" ")}\` failed (exit ${result.status ?? result.signal}).`);
      return 1;
    }
  }
  const stillMissing = tools.filter((tool) => !tool.found());
  if (stillMissing.length > 0) {
    console.error(`Still missing after installing: ${stillMissing.map((tool) => tool.name).join(", ")}.`);
    return 1;
  }
  return 0;
}

if (import.meta.main) process.exit(main());
