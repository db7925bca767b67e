import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { selfSignedCertificate } from "../helpers/certificate.ts";
import { freePort } from "../helpers/server.ts";

export type TlsProxy = { url: string; stop: () => Promise<void> };

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/**
 * A real TLS-terminating proxy in front of `upstream`: Debian's nginx with a self-signed
 * certificate made for this run, on a free loopback port, everything (config, pid, logs, temp
 * files) in its own temporary folder. It forwards the way a deployment's proxy does:
 * X-Forwarded-Proto, X-Forwarded-Host (host and port the browser used) and X-Forwarded-For,
 * while Host becomes the upstream's address.
 */
export async function startTlsProxy(upstream: string): Promise<TlsProxy> {
  if (!existsSync(NGINX)) {
    throw new Error(`The proxy test needs nginx at ${NGINX}: \`npm run test:e2e\` installs it (scripts/ensure-test-tools.mjs).`);
  }
  const dir = mkdtempSync(join(tmpdir(), "ipi-nginx-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const { cert, key } = selfSignedCertificate(dir);
  const upstreamUrl = new URL(upstream);
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
# One process, running as whoever started the test: no user switch, no shared paths.
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The app bounds bodies itself (a CSV upload at 2 MB); the proxy lets a little more through.
  client_max_body_size 4m;
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://${upstreamUrl.host};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ["-e", join(dir, "error.log"), "-p", dir, "-c", join(dir, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `https://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, () => output + readLog(join(dir, "error.log")));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

function readLog(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

/** The app's health through the proxy: TLS, forwarding and upstream all work. */
async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited early:\n${output()}`);
    if ((await healthStatus(url)) === 200) return;
    if (Date.now() > deadline) throw new Error(`nginx did not answer in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function healthStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = get(`${url}/api/health`, { rejectUnauthorized: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", () => resolve(0));
    request.on("timeout", () => request.destroy());
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}
