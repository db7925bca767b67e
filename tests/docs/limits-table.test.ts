import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEVICE_TTL_SECONDS } from "#app/auth/device.server.ts";
import { GUESS_LIMITS } from "#app/auth/guess-limit.server.ts";
import { MAX_HEADER_SHOWN, MAX_IMPORT_COLUMNS } from "#app/domain/import/limits.ts";
import { CONNECTION_LIMITS } from "#app/http/connection-limit.server.ts";
import { DECK_LINK_LIMITS } from "#app/http/deck-link-budget.server.ts";
import { VIEW_LIMITS } from "#app/domain/deck-links.ts";

/** docs/api.md#limits as `what → limit`, one entry per table row. */
function limitsTable(): Map<string, string> {
  const text = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
  const section = text.slice(text.indexOf("\n## Limits\n"), text.indexOf("\n## ", text.indexOf("\n## Limits\n") + 1));
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 5 || cells[1] === "what" || cells[1]!.startsWith("---")) continue;
    rows.set(cells[1]!, cells[2]!);
  }
  return rows;
}

describe("docs/api.md#limits", () => {
  const rows = limitsTable();
  const g = GUESS_LIMITS;
  const c = CONNECTION_LIMITS;

  it.each([
    [
      "wrong passcodes, per client",
      `${g.freeWrongGuesses} free in ${g.windowMinutes} min, then a wait before the next check doubling from 1 s to ${g.maxWaitSeconds} s`,
    ],
    [
      "wrong passcodes, all clients",
      `past ${g.slowDownAfterPerMinute} a minute nobody has free guesses; past ${g.passcodeCeilingPerMinute} a minute (the ceiling) no attempt is checked except from a browser that signed in before, or when the passcode is the generated one`,
    ],
    [
      "wrong cron bearers",
      `as wrong passcodes: ${g.freeWrongGuesses} free per client in ${g.windowMinutes} min, then doubling waits; ceiling ${g.cronCeilingPerMinute} a minute for every caller`,
    ],
    ["request bodies still arriving, per client", `${c.unfinishedBodiesPerClient}`],
    [
      "open connections per address group (only without `TRUST_PROXY`: behind a proxy every socket is the proxy's)",
      `${c.socketsPerAddress}`,
    ],
    ["request headers / whole request", `${c.headersTimeoutSeconds} s / ${c.requestTimeoutSeconds} s`],
    ["import columns (`/investors/import`)", `${MAX_IMPORT_COLUMNS}`],
    [
      "wrong deck-link tokens (`/d/:token…`), per client",
      `${DECK_LINK_LIMITS.freeWrongGuesses} free in ${g.windowMinutes} min, then a wait before the next token is looked up doubling from 1 s to ${g.maxWaitSeconds} s; a malformed token counts, refused without a lookup`,
    ],
    [
      "wrong deck-link tokens, all clients",
      `past ${DECK_LINK_LIMITS.ceilingPerMinute} a minute (the ceiling) no token is looked up except from a browser that opened that link before (its \`ipi_deck_seen\` cookie) or the founder (a session or the right \`x-admin-passcode\`)`,
    ],
    [
      "a deck link's heavy requests (a watermarked page, a download)",
      `${DECK_LINK_LIMITS.perLinkInFlight} at once per link and ${DECK_LINK_LIMITS.allInFlight} for all links, ${DECK_LINK_LIMITS.perLinkWaiting} waiting per link and ${DECK_LINK_LIMITS.allWaiting} in all; the founder (a session or the right \`x-admin-passcode\`) never counted`,
    ],
    [
      "a viewer's report (`POST /d/:token/view`)",
      `8 KiB; 80 pages; ${VIEW_LIMITS.maxSecondsPerPageReport} s a page a report; ${VIEW_LIMITS.maxSecondsPerView / 3600} h a view in all`,
    ],
    ["an import header shown (the preview's table and its messages)", `${MAX_HEADER_SHOWN} characters, then "…"`],
  ])("states the code's numbers for %s", (what, limit) => {
    expect(rows.get(what)).toBe(limit);
  });

  it("names the device cookie's life as the code sets it", () => {
    const text = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    expect(text).toContain(`\`Set-Cookie: ipi_device=…\` (the browser that signed in before, ${DEVICE_TTL_SECONDS / 86_400} days`);
  });
});
