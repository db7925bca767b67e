import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A self-signed certificate for 127.0.0.1 (and localhost), made with openssl into `dir` as
 * cert.pem and key.pem: what the tests' own TLS servers (nginx, Dovecot) present.
 */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "3",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "pipe" },
  );
  return { cert, key };
}
