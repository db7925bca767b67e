import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, stopChild } from "./server.ts";

/**
 * A real SFTP server for the restore drill: a private OpenSSH sshd (Debian's openssh-server,
 * which scripts/ensure-test-tools.ts installs) per call, never the system's and never port 22.
 * It listens on a free loopback port with a host key made for it, lets in one key (made here too)
 * for the user running the tests, and speaks only SFTP. As root the session is chrooted into a
 * temporary folder under /run (`replicaDir` is what the client sees as `/replica`); as another user sshd
 * cannot chroot, so the replica path is the folder's absolute path.
 */
export type SftpServer = {
  /** A Litestream replica URL: sftp://USER@127.0.0.1:PORT/PATH (no password: the key is used). */
  url: string;
  /** The client's private key (LITESTREAM_SFTP_KEY_PATH). */
  keyPath: string;
  /** Where the replica's files are on this machine. */
  replicaDir: string;
  output: () => string;
  stop: () => Promise<void>;
};

export const SSHD_BINARY = process.env.SSHD_PATH ?? "/usr/sbin/sshd";

export async function startSftpServer(): Promise<SftpServer> {
  const dir = mkdtempSync(join(tmpdir(), "ipi-sftp-"));
  const root = process.getuid?.() === 0;
  const user = execFileSync("id", ["-un"], { encoding: "utf8" }).trim();
  for (const name of ["host_key", "client_key"]) {
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", `ipi-test-${name}`, "-f", join(dir, name)]);
  }
  writeFileSync(join(dir, "authorized_keys"), readFileSync(join(dir, "client_key.pub")), { mode: 0o600 });
  // Every folder on the way to sshd's chroot must be root's and writable by no one else, which
  // rules out /tmp (world-writable): as root the jail is made under /run. The replica goes below it.
  const jail = root ? mkdtempSync("/run/ipi-sftp-jail-") : join(dir, "jail");
  mkdirSync(join(jail, "replica"), { recursive: true });
  chmodSync(jail, 0o755);
  // sshd (as root) refuses to start without its privilege-separation directory.
  if (root) mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  const port = await freePort();
  writeFileSync(
    join(dir, "sshd_config"),
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${join(dir, "host_key")}`,
      `PidFile ${join(dir, "sshd.pid")}`,
      `AuthorizedKeysFile ${join(dir, "authorized_keys")}`,
      `AllowUsers ${user}`,
      "PermitRootLogin prohibit-password",
      "PubkeyAuthentication yes",
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "UsePAM no",
      // The temporary folder is not owned the way StrictModes wants a home to be.
      "StrictModes no",
      "AllowTcpForwarding no",
      "X11Forwarding no",
      "Subsystem sftp internal-sftp",
      "ForceCommand internal-sftp",
      ...(root ? [`ChrootDirectory ${jail}`] : []),
      "",
    ].join("\n"),
  );
  // -D: stay in the foreground (stopChild stops it); -e: log to stderr.
  const child = spawn(SSHD_BINARY, ["-D", "-e", "-f", join(dir, "sshd_config")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 10_000;
  while (!output.includes("Server listening on 127.0.0.1")) {
    if (child.exitCode !== null) throw new Error(`sshd exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`sshd did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const path = root ? "/replica" : join(jail, "replica");
  return {
    url: `sftp://${user}@127.0.0.1:${port}${path}`,
    keyPath: join(dir, "client_key"),
    replicaDir: join(jail, "replica"),
    output: () => output,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
      rmSync(jail, { recursive: true, force: true });
    },
  };
}
