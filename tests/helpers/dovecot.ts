import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:tls";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { selfSignedCertificate } from "./certificate.ts";
import { freePort, stopChild } from "./server.ts";

/**
 * A real IMAP server for the mail sync's tests: a private Dovecot (Debian's dovecot-imapd, which
 * scripts/ensure-test-tools.ts installs) per call, in its own temporary directory, listening on a
 * free loopback port with implicit TLS and a self-signed certificate for 127.0.0.1. One user with
 * a plain password; INBOX and "Sent" (special-use \Sent) exist. Messages go in by IMAP APPEND.
 */
export type Dovecot = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The self-signed certificate (PEM): pass as `tls.ca`, or caPath as NODE_EXTRA_CA_CERTS. */
  ca: string;
  caPath: string;
  append(mailbox: string, raw: string | Buffer, flags?: string[]): Promise<void>;
  createMailbox(path: string): Promise<void>;
  deleteMailbox(path: string): Promise<void>;
  /** A new IMAP client signed in as the user, for a test's own look (the caller logs out). */
  connect(): Promise<ImapFlow>;
  stop(): Promise<void>;
};

export const DOVECOT_BINARY = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";

type Internals = { dir: string; mailDir: string; uid: number; gid: number; log: string };
const internals = new WeakMap<Dovecot, Internals>();

/** The uid and gid mail is stored as: dovecot refuses root for mail, so as root it is nobody's. */
function mailOwner(): { uid: number; gid: number; loginUser: string; internalUser: string } {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  if (uid !== 0) {
    const name = execFileSync("id", ["-un"], { encoding: "utf8" }).trim();
    return { uid, gid, loginUser: name, internalUser: name };
  }
  const nobodyUid = Number(execFileSync("id", ["-u", "nobody"], { encoding: "utf8" }).trim());
  const nobodyGid = Number(execFileSync("id", ["-g", "nobody"], { encoding: "utf8" }).trim());
  return { uid: nobodyUid, gid: nobodyGid, loginUser: "dovenull", internalUser: "dovecot" };
}

function dovecotConf(options: {
  dir: string;
  port: number;
  user: string;
  uid: number;
  gid: number;
  loginUser: string;
  internalUser: string;
}) {
  const { dir } = options;
  // Dovecot 2.3 syntax (Debian 12's 2.3.19): `mail_location`, `ssl_cert = <file`, passdb/userdb blocks.
  return `
instance_name = ipi-test-${options.port}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
ssl_min_protocol = TLSv1.2
auth_mechanisms = plain login
disable_plaintext_auth = yes
default_login_user = ${options.loginUser}
default_internal_user = ${options.internalUser}
first_valid_uid = 1
first_valid_gid = 0
mail_uid = ${options.uid}
mail_gid = ${options.gid}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${options.uid} gid=${options.gid} home=${dir}/home/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
}
service imap-login {
  inet_listener imap {
    port = 0
  }
  inet_listener imaps {
    port = ${options.port}
    ssl = yes
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`;
}

export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT_BINARY)) {
    throw new Error(`${DOVECOT_BINARY} is missing: run \`node scripts/ensure-test-tools.ts\` (installs Debian's dovecot-imapd)`);
  }
  const dir = mkdtempSync(join(tmpdir(), "ipi-dovecot-"));
  chmodSync(dir, 0o755);
  const owner = mailOwner();
  const user = "founder@startup.test";
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const port = await freePort();

  selfSignedCertificate(dir);
  for (const sub of ["run", "state", "mail", "home"]) mkdirSync(join(dir, sub));
  if (process.getuid?.() === 0) {
    chownSync(join(dir, "mail"), owner.uid, owner.gid);
    chownSync(join(dir, "home"), owner.uid, owner.gid);
  }
  writeFileSync(join(dir, "passwd"), `${user}:{PLAIN}${password}::::::\n`, { mode: 0o644 });
  const confPath = join(dir, "dovecot.conf");
  writeFileSync(confPath, dovecotConf({ dir, port, user, ...owner }));

  const child = spawn(DOVECOT_BINARY, ["-F", "-c", confPath], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const logPath = join(dir, "dovecot.log");
  const describe = () => `${output}${existsSync(logPath) ? readFileSync(logPath, "utf8") : ""}`;
  try {
    await waitForGreeting(child, port, describe);
  } catch (error) {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const ca = readFileSync(join(dir, "cert.pem"), "utf8");
  const connect = async (): Promise<ImapFlow> => {
    const imap = new ImapFlow({ host: "127.0.0.1", port, secure: true, tls: { ca }, auth: { user, pass: password }, logger: false });
    imap.on("error", () => {});
    await imap.connect();
    return imap;
  };
  let admin: ImapFlow | undefined;
  const client = async (): Promise<ImapFlow> => {
    if (!admin?.usable) admin = await connect();
    return admin;
  };
  let stopped = false;
  const dovecot: Dovecot = {
    host: "127.0.0.1",
    port,
    user,
    password,
    ca,
    caPath: join(dir, "cert.pem"),
    async append(mailbox, raw, flags = []) {
      await (await client()).append(mailbox, raw, flags);
    },
    async createMailbox(path) {
      await (await client()).mailboxCreate(path);
    },
    async deleteMailbox(path) {
      await (await client()).mailboxDelete(path);
    },
    connect,
    async stop() {
      if (stopped) return;
      stopped = true;
      await admin?.logout().catch(() => {});
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  internals.set(dovecot, { dir, mailDir: join(dir, "mail", user), uid: owner.uid, gid: owner.gid, log: logPath });
  return dovecot;
}

/**
 * The fast path for many messages (the benchmark): writes them straight into INBOX's maildir
 * (`new/`), which Dovecot indexes when the mailbox is next opened. Much faster than APPEND.
 */
export function writeInboxMessages(dovecot: Dovecot, raws: Array<string | Buffer>): void {
  const inner = internals.get(dovecot);
  if (!inner) throw new Error("not a Dovecot from startDovecot()");
  const folder = join(inner.mailDir, "new");
  for (const sub of ["", "new", "cur", "tmp"]) {
    const path = join(inner.mailDir, sub);
    if (!existsSync(path)) {
      mkdirSync(path, { recursive: true });
      if (process.getuid?.() === 0) chownSync(path, inner.uid, inner.gid);
    }
  }
  const stamp = Math.floor(Date.now() / 1000);
  raws.forEach((raw, index) => {
    const path = join(folder, `${stamp}.M${index}P${process.pid}.ipi-bench`);
    writeFileSync(path, typeof raw === "string" ? raw.replace(/\r\n/g, "\n") : raw);
    if (process.getuid?.() === 0) chownSync(path, inner.uid, inner.gid);
  });
}

/** Dovecot's own log, for a failing test's message. */
export function dovecotLog(dovecot: Dovecot): string {
  const inner = internals.get(dovecot);
  return inner && existsSync(inner.log) ? readFileSync(inner.log, "utf8") : "";
}

/** A message as a mail client would write it (CRLF line ends). Unset headers are left out. */
export function rawMessage(m: {
  from: string;
  to?: string;
  cc?: string;
  subject?: string;
  date?: string;
  messageId?: string;
  body?: string;
  extraHeaders?: string;
}): string {
  const lines = [`From: ${m.from}`];
  if (m.to !== undefined) lines.push(`To: ${m.to}`);
  if (m.cc !== undefined) lines.push(`Cc: ${m.cc}`);
  if (m.subject !== undefined) lines.push(`Subject: ${m.subject}`);
  if (m.date !== undefined) lines.push(`Date: ${m.date}`);
  if (m.messageId !== undefined) lines.push(`Message-ID: ${m.messageId}`);
  if (m.extraHeaders) lines.push(...m.extraHeaders.split(/\r?\n/).filter((line) => line !== ""));
  lines.push("MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8");
  return `${lines.join("\r\n")}\r\n\r\n${(m.body ?? "Hello.").replace(/\r?\n/g, "\r\n")}\r\n`;
}

async function waitForGreeting(child: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited early (${child.exitCode}):\n${output()}`);
    if (await greets(port)) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not answer on port ${port} in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether an IMAP greeting arrives over TLS on the port. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, rejectUnauthorized: false });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("data", (chunk) => done(chunk.toString("latin1").startsWith("* OK")));
  });
}
