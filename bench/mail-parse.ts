/**
 * (m) Parsing a stranger's header values in linear time (decision 017): a Message-ID, a Date and
 * an address list made of 10 KB, 100 KB and 1 MB of "((((…", and a Cc of as many addresses,
 * parsed whole (no field cap) so the growth shows; then a whole header block as the sync reads
 * it (fields capped). Before decision 017 `/\([^)]*\)/g` was quadratic: an 80 KB Message-ID
 * took 9.3 s, 160 KB 27 s, and 1 MB would take about 17 minutes. Linear means each tenfold size
 * costs about ten times as much: the ratio printed per tenfold step should stay near 10 (a
 * quadratic parser gives 100). Measured here on a shared 2-core machine: ×6–14 from 10 to 100 KB,
 * ×9–22 from 100 KB to 1 MB (a 1 MB string leaves the CPU caches and V8's new space), every 1 MB
 * input under 50 ms.
 * `node bench/mail-parse.ts` runs it alone.
 */
import { parseAddressList, parseMailDate, parseMailHeaders } from "#app/domain/mail.ts";
import { parseMessageId } from "#app/domain/mail-text.ts";
import { measure, percentile } from "./stats.ts";

const SIZES = [10_000, 100_000, 1_000_000];

const CASES: { name: string; parse: (text: string) => unknown; input: (size: number) => string }[] = [
  { name: "Message-ID of ((((…", parse: (text) => parseMessageId(text, 500), input: (size) => "(".repeat(size) },
  { name: "Message-ID of <<<<…", parse: (text) => parseMessageId(text, 500), input: (size) => "<".repeat(size) },
  { name: "Date of ((((…", parse: parseMailDate, input: (size) => "(".repeat(size) },
  { name: "Date after (x) (x) …", parse: parseMailDate, input: (size) => `Mon, 9 Mar 2026 09:00 +0000 ${"(x) ".repeat(size / 4)}` },
  { name: "address list of ((((…", parse: parseAddressList, input: (size) => "(".repeat(size) },
  { name: 'address list of """"…', parse: parseAddressList, input: (size) => '"'.repeat(size) },
  { name: "Cc of a@list.example, …", parse: parseAddressList, input: (size) => "a@list.example, ".repeat(size / 16) },
  {
    name: "header block (fields capped)",
    parse: parseMailHeaders,
    input: (size) =>
      `From: jane@fund.com\r\nMessage-ID: ${"(".repeat(size)}\r\nDate: ${"(".repeat(size)}\r\nSubject: ${"(".repeat(size)}\r\n`,
  },
];

export function runMailParseBench(): void {
  console.log(
    "(m) parsing pathological header values: median ms at 10 KB / 100 KB / 1 MB, and the ratio per tenfold step (linear ≈ 10, quadratic ≈ 100)",
  );
  for (const { name, parse, input } of CASES) {
    const medians = SIZES.map((size) => {
      const text = input(size);
      return percentile(
        measure(() => parse(text), size >= 1_000_000 ? 9 : 25, 3),
        50,
      );
    });
    const ratios = medians.slice(1).map((median, index) => (median / Math.max(medians[index]!, 0.001)).toFixed(1));
    console.log(`    ${name.padEnd(30)} ${medians.map((ms) => ms.toFixed(2).padStart(8)).join(" /")} ms   ×${ratios.join(", ×")}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runMailParseBench();
