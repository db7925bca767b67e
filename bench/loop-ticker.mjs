// Preloaded into the server by the HTTP benchmark (`node --import ./bench/loop-ticker.mjs server.mjs`),
// never by production: a 10 ms ticker that records the largest delay of the event loop beyond
// schedule. On SIGUSR2 it writes what it saw since the previous SIGUSR2 to $LOOP_TICKER_FILE
// (`{seq, maxStallMs, ticks, stallsOver50, memory}`, memory being process.memoryUsage()) and starts over, so a bench brackets the work it
// measures with two signals.
import { writeFileSync } from "node:fs";

const file = process.env.LOOP_TICKER_FILE;
if (file) {
  const INTERVAL_MS = 10;
  let last = performance.now();
  let maxStallMs = 0;
  let ticks = 0;
  let stallsOver50 = 0;
  let seq = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const stall = now - last - INTERVAL_MS;
    last = now;
    ticks++;
    if (stall > maxStallMs) maxStallMs = stall;
    if (stall > 50) stallsOver50++;
  }, INTERVAL_MS);
  timer.unref();
  const report = () => {
    // The gap still open when the signal is handled counts too (the loop may have just freed up).
    const open = performance.now() - last - INTERVAL_MS;
    seq++;
    writeFileSync(
      file,
      JSON.stringify({ seq, maxStallMs: Math.max(maxStallMs, open, 0), ticks, stallsOver50, memory: process.memoryUsage() }),
    );
    maxStallMs = 0;
    ticks = 0;
    stallsOver50 = 0;
  };
  process.on("SIGUSR2", report);
  writeFileSync(file, JSON.stringify({ seq, maxStallMs: 0, ticks: 0, stallsOver50: 0 }));
}
