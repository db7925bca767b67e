// The end-to-end tests need Debian's chromium; say how to get it instead of a cryptic launch error.
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  console.error(`The end-to-end tests need Chromium at ${path}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}
