import { request as httpRequest } from "node:http";

export type PlainResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * A request sent from a chosen loopback address (127.0.0.2, 127.0.0.3…), so a test can play
 * several clients against a server that keys its limits by socket address.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress,
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Posts the sign-in form from `localAddress`. */
export function signInFrom(localAddress: string, url: string, passcode: string): Promise<PlainResponse> {
  return requestFrom(localAddress, `${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ passcode }).toString(),
  });
}

/** A form post that sends its headers and half its body, then waits for `finish()`. */
export function slowPost(url: string, localAddress: string): { finish: () => void; done: Promise<number> } {
  const body = new URLSearchParams({ relationship_status: "contacted" }).toString();
  const target = new URL(url);
  const req = httpRequest({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: "POST",
    localAddress,
    agent: false,
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
  });
  const done = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
  req.write(body.slice(0, 5));
  return { finish: () => req.end(body.slice(5)), done };
}
