import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Tool, planTestTools, testTools } from "../../scripts/ensure-test-tools.ts";

const tool = (name: string, present = false): Tool => ({ name, package: name, found: () => present });

describe("ensure-test-tools", () => {
  it("does nothing when every tool is there", () => {
    expect(planTestTools([], { root: true, aptGet: true })).toEqual({ kind: "ready" });
    expect(planTestTools([], { root: false, aptGet: false })).toEqual({ kind: "ready" });
  });

  it("as root with apt-get: one update, then one install of every missing package", () => {
    const plan = planTestTools([tool("chromium"), tool("nginx")], { root: true, aptGet: true });
    expect(plan).toEqual({
      kind: "install",
      packages: ["chromium", "nginx"],
      commands: [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "chromium", "nginx"],
      ],
    });
  });

  it("otherwise prints the one command to run, and installs nothing", () => {
    for (const can of [
      { root: false, aptGet: true },
      { root: true, aptGet: false },
    ]) {
      const plan = planTestTools([tool("nginx"), tool("openssl")], can);
      expect(plan.kind).toBe("ask");
      expect(plan.kind === "ask" && plan.message).toContain("sudo apt-get install -y nginx openssl");
    }
  });

  it("looks for chromium, nginx, dovecot and sshd where the tests run them (CHROMIUM_PATH, NGINX_PATH, DOVECOT_PATH, SSHD_PATH)", () => {
    const tools = testTools({
      CHROMIUM_PATH: "/nowhere/chromium",
      NGINX_PATH: "/nowhere/nginx",
      DOVECOT_PATH: "/nowhere/dovecot",
      SSHD_PATH: "/nowhere/sshd",
    });
    expect(tools.map((t) => t.package)).toEqual([
      "chromium",
      "nginx",
      "openssl",
      "dovecot-imapd",
      "openssh-server",
      "openssh-client",
      "libjemalloc2",
    ]);
    expect(tools.filter((t) => !t.found()).map((t) => t.package)).toEqual(["chromium", "nginx", "dovecot-imapd", "openssh-server"]);
  });

  it("installs Debian's openssh-server when /usr/sbin/sshd is missing (the restore drill's SFTP replica)", () => {
    const sshd = testTools({ SSHD_PATH: "/nowhere/sshd" }).find((t) => t.package === "openssh-server")!;
    expect(sshd.name).toBe("sshd (/nowhere/sshd)");
    expect(planTestTools([sshd], { root: true, aptGet: true })).toMatchObject({ kind: "install", packages: ["openssh-server"] });
  });

  it("installs Debian's dovecot-imapd when /usr/sbin/dovecot is missing (the mail sync's tests)", () => {
    const dovecot = testTools({ DOVECOT_PATH: "/nowhere/dovecot" }).find((t) => t.package === "dovecot-imapd")!;
    expect(dovecot.name).toBe("dovecot (/nowhere/dovecot)");
    expect(planTestTools([dovecot], { root: true, aptGet: true })).toEqual({
      kind: "install",
      packages: ["dovecot-imapd"],
      commands: [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "dovecot-imapd"],
      ],
    });
  });

  it("npm run test:unit makes sure of the tools before vitest", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["test:unit"]).toMatch(
      /node scripts\/ensure-test-tools\.ts && vitest run --project fast && vitest run --project server$/,
    );
  });

  it("as a script: --dry-run names what it would install and runs nothing", () => {
    const result = spawnSync(process.execPath, ["scripts/ensure-test-tools.ts", "--dry-run"], {
      env: { ...process.env, CHROMIUM_PATH: "/nowhere/chromium", NGINX_PATH: "/nowhere/nginx", DOVECOT_PATH: "/nowhere/dovecot" },
      encoding: "utf8",
    });
    const aptGet = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
    const installs = process.getuid?.() === 0 && aptGet;
    expect(result.status).toBe(installs ? 0 : 1);
    if (installs) expect(result.stdout).toContain("apt-get update -qq && apt-get install -y -qq chromium nginx dovecot-imapd");
    else expect(result.stderr).toContain("sudo apt-get install -y chromium nginx dovecot-imapd");
  });
});
