/**
 * How every browser run here starts Debian's chromium (Playwright's own browser downloads do not
 * work on these machines): as root without a sandbox, and without the background connections a
 * closed network refuses.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
