import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A hostile upstream: answers every request 200 with `head`, then repeats `chunk` until `totalBytes`
 * (no Content-Length, so only a cap kept while reading stops it), and counts what it managed to
 * write before the client let go. A client that reads the whole answer makes it write everything.
 */
export type EndlessServer = { url: string; bytesSent(): number; close(): Promise<void> };

export async function startEndlessServer(options: {
  head: string;
  chunk: string;
  totalBytes: number;
  status?: number;
}): Promise<EndlessServer> {
  let sent = 0;
  const server = createServer((request, response) => {
    request.resume();
    response.on("error", () => {});
    response.writeHead(options.status ?? 200, { "content-type": "application/json" });
    let written = 0;
    const pump = () => {
      if (written === 0) written += write(options.head);
      while (written < options.totalBytes && !response.destroyed) {
        written += options.chunk.length;
        sent += options.chunk.length;
        if (!response.write(options.chunk)) return void response.once("drain", pump);
      }
      response.end();
    };
    const write = (text: string) => {
      response.write(text);
      sent += text.length;
      return text.length;
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytesSent: () => sent,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
