import { type Socket, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestFrom } from "#tests/helpers/from-address.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

/** Decision 019: slow bodies and idle sockets are capped per address group. */
describe("connections per address", () => {
  let server: RunningServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: "connection-limits-passcode" });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  });

  function open(from: string): Promise<Socket> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port: Number(port), localAddress: from }, () => resolve(socket));
      socket.on("error", reject);
      sockets.push(socket);
    });
  }

  /** A /login post that sends a few bytes of its body and then nothing more. */
  async function slowLogin(from: string): Promise<{ socket: Socket; answer: () => string }> {
    const socket = await open(from);
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.write(
      "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\npasscode=",
    );
    return { socket, answer: () => answer };
  }

  it("answers a 17th unfinished body from one address with 429 at once, and other addresses as usual", async () => {
    const slow = [];
    for (let i = 0; i < 16; i++) slow.push(await slowLogin("127.0.0.61"));
    const refused = await slowLogin("127.0.0.61");
    await expect.poll(() => refused.answer()).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused.answer()).toMatch(/retry-after: 5/i);
    expect(refused.answer()).toContain('"code":"rate_limited"');
    // The 16 before it are still waiting for their bodies; nothing was answered to them.
    expect(slow.every((request) => request.answer() === "")).toBe(true);
    expect((await requestFrom("127.0.0.62", `${server.url}/api/health`)).status).toBe(200);
    // Once one of the 16 gives up, that address may send a body again.
    slow[0]!.socket.destroy();
    await expect
      .poll(
        async () =>
          (
            await requestFrom("127.0.0.61", `${server.url}/login`, {
              method: "POST",
              body: "passcode=x",
              headers: { "content-type": "application/x-www-form-urlencoded" },
            })
          ).status,
      )
      .toBe(401);
  });

  it("closes a 65th open socket from one address, and leaves other addresses alone", async () => {
    const held = [];
    for (let i = 0; i < 64; i++) held.push(await open("127.0.0.71"));
    const extra = await open("127.0.0.71");
    let closed = false;
    extra.on("close", () => (closed = true));
    await expect.poll(() => closed).toBe(true);
    expect(held.every((socket) => !socket.destroyed)).toBe(true);
    expect((await requestFrom("127.0.0.72", `${server.url}/api/health`)).status).toBe(200);
  });
});
