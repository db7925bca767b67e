import { spawnSync } from "node:child_process";
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

  it("looks for chromium and nginx where the tests run them (CHROMIUM_PATH, NGINX_PATH)", () => {
    const tools = testTools({ CHROMIUM_PATH: "/nowhere/chromium", NGINX_PATH: "/nowhere/nginx" });
    expect(tools.map((t) => t.package)).toEqual(["chromium", "nginx", "openssl"]);
    expect(tools.filter((t) => !t.found()).map((t) => t.package)).toEqual(["chromium", "nginx"]);
  });

  it("as a script: --dry-run names what it would install and runs nothing", () => {
    const result = spawnSync(process.execPath, ["scripts/ensure-test-tools.ts", "--dry-run"], {
      env: { ...process.env, CHROMIUM_PATH: "/nowhere/chromium", NGINX_PATH: "/nowhere/nginx" },
      encoding: "utf8",
    });
    const aptGet = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
    const installs = process.getuid?.() === 0 && aptGet;
    expect(result.status).toBe(installs ? 0 : 1);
    if (installs) expect(result.stdout).toContain("apt-get update -qq && apt-get install -y -qq chromium nginx");
    else expect(result.stderr).toContain("sudo apt-get install -y chromium nginx");
  });
});
