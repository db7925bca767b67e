import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { LauncherError, checkDatabasePath, litestreamBinary, litestreamPlan, variable } from "../../scripts/start-server.ts";

/** What scripts/start-server.ts tells Litestream (the drill, restore-drill.test.ts, runs it for real). */
describe("the launcher's Litestream configuration", () => {
  it("is off without LITESTREAM_REPLICA_URL (the server starts as before)", () => {
    expect(litestreamPlan({ DATABASE_PATH: "/data/app.db" })).toBeUndefined();
    expect(litestreamPlan({ LITESTREAM_REPLICA_URL: "  " })).toBeUndefined();
  });

  it("names Tigris's variables from `fly storage create` as $-references, never their values", () => {
    const env = {
      DATABASE_PATH: "/data/app.db",
      LITESTREAM_REPLICA_URL: "s3://pipeline-backup/app.db",
      AWS_ACCESS_KEY_ID: "tid_secret_key_id",
      AWS_SECRET_ACCESS_KEY: "tsec_very_secret",
      AWS_ENDPOINT_URL_S3: "https://fly.storage.tigris.dev",
      AWS_REGION: "auto",
    };
    const plan = litestreamPlan(env)!;
    expect(plan.databasePath).toBe("/data/app.db");
    expect(plan.config).toContain('  - path: "/data/app.db"');
    expect(plan.config).toContain(`      - url: ${variable("LITESTREAM_REPLICA_URL")}`);
    expect(plan.config).toContain(`        endpoint: ${variable("AWS_ENDPOINT_URL_S3")}`);
    expect(plan.config).toContain(`        region: ${variable("AWS_REGION")}`);
    expect(plan.config).toContain("        sync-interval: 1s");
    for (const value of Object.values(env).slice(1)) expect(plan.config).not.toContain(value);
    expect(variable("AWS_REGION")).toBe(["$", "{AWS_REGION}"].join(""));
  });

  it("prefers LITESTREAM_S3_ENDPOINT for another S3-compatible store, and a key file for SFTP", () => {
    const s3 = litestreamPlan({
      LITESTREAM_REPLICA_URL: "s3://bucket/app.db",
      LITESTREAM_S3_ENDPOINT: "https://s3.example.com",
      AWS_ENDPOINT_URL_S3: "x",
    })!;
    expect(s3.config).toContain(`endpoint: ${variable("LITESTREAM_S3_ENDPOINT")}`);
    expect(s3.config).not.toContain("AWS_ENDPOINT_URL_S3");
    const sftp = litestreamPlan({
      LITESTREAM_REPLICA_URL: "sftp://backup@host:22/replica",
      LITESTREAM_SFTP_KEY_PATH: "/secrets/id_ed25519",
    })!;
    expect(sftp.config).toContain(`key-path: ${variable("LITESTREAM_SFTP_KEY_PATH")}`);
    expect(sftp.config).not.toContain("endpoint");
  });

  it("refuses a URL it cannot replicate to without repeating it (it may hold an SFTP password)", () => {
    const attempt = () => litestreamPlan({ LITESTREAM_REPLICA_URL: "https://user:hunter2@example.com/db" });
    expect(attempt).toThrow(LauncherError);
    expect(attempt).toThrow(/LITESTREAM_REPLICA_URL must start with one of s3:\/\/, sftp:\/\//);
    try {
      attempt();
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });

  it("checks the database path before Litestream starts: a folder or a file that is not SQLite's is one line (decision 058)", () => {
    const dir = mkdtempSync(join(tmpdir(), "ipi-launcher-"));
    expect(() => checkDatabasePath(join(dir, "missing.db"))).not.toThrow();
    expect(() => checkDatabasePath(dir)).toThrow(/is a folder, not a file/);
    const text = join(dir, "investors.csv");
    writeFileSync(text, "Name,Firm\nAda,Analytical\n");
    expect(() => checkDatabasePath(text)).toThrow(LauncherError);
    expect(() => checkDatabasePath(text)).toThrow(/is not a SQLite database/);
    const database = join(dir, "app.db");
    const db = new Database(database);
    db.exec("create table t (x)");
    db.close();
    expect(() => checkDatabasePath(database)).not.toThrow();
  });

  it("finds the binary of the npm package @flydotio/litestream-linux-x64", () => {
    expect(existsSync(litestreamBinary())).toBe(true);
  });
});
