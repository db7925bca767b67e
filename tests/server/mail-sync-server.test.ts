import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../helpers/database.ts";
import { type Dovecot, rawMessage, startDovecot } from "../helpers/dovecot.ts";
import { addInvestor, mailEnv } from "../helpers/mail-sync.ts";
import { type RunningServer, startBuiltServer } from "../helpers/server.ts";

/**
 * The built server (`npm run build` first) with mail capture set: the sync at start runs in the
 * background, and a mail server that refuses us leaves the app healthy, with one line in our
 * words and no password in the output.
 */

let dovecot: Dovecot | undefined;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.stop();
  await dovecot?.stop();
  server = undefined;
  dovecot = undefined;
});

function waitForOutput(running: RunningServer, text: string): Promise<void> {
  return vi.waitFor(
    () => {
      if (!running.output().includes(text)) throw new Error(`"${text}" never appeared:\n${running.output()}`);
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe("the built server with mail capture", () => {
  it("syncs at start, trusting the server's certificate through NODE_EXTRA_CA_CERTS", async () => {
    dovecot = await startDovecot();
    await dovecot.append(
      "INBOX",
      rawMessage({ from: "Jane <jane@fund.com>", to: "founder@startup.test", subject: "Hello", messageId: "<hello@fund.com>" }),
    );
    const { db, path } = createTestDatabase();
    addInvestor(db, "Jane Doe", "jane@fund.com");
    db.$client.close();
    server = await startBuiltServer({
      ...mailEnv(dovecot),
      SCHEDULER_ENABLED: "true",
      NODE_EXTRA_CA_CERTS: dovecot.caPath,
      DATABASE_PATH: path,
    });
    await waitForOutput(server, "mail sync done");
    expect(server.output()).toMatch(/mail sync done .*seen=1 matched=1 added=1/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it("stays healthy when the password is wrong, and never prints it", async () => {
    dovecot = await startDovecot();
    const wrong = `${dovecot.password}-but-wrong`;
    server = await startBuiltServer({
      ...mailEnv({ ...dovecot, password: wrong }),
      SCHEDULER_ENABLED: "true",
      NODE_EXTRA_CA_CERTS: dovecot.caPath,
    });
    await waitForOutput(server, "mail sync failed");
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const output = server.output();
    expect(output).toContain("The mail server refused the user name or password.");
    expect(output.match(/mail sync failed/g)).toHaveLength(1);
    expect(output).not.toContain(wrong);
    expect(output).not.toContain(dovecot.password);
  });
});
