import { describe, expect, it } from "vitest";
import {
  cleanDeckFileName,
  DECK_REFUSALS,
  fileSizeText,
  looksLikePdf,
  MAX_DECK_PAGES,
  readRenderLine,
  slideAlt,
  versionStatusText,
} from "#app/domain/decks.ts";
import { activitySentence } from "#app/domain/people.ts";

describe("the renderer's lines (decision 067)", () => {
  it("reads each event it prints", () => {
    expect(readRenderLine('{"type":"pages","count":12}')).toEqual({ type: "pages", count: 12 });
    expect(
      readRenderLine('{"type":"page","number":3,"width":1600,"height":900,"title":"Financials","file":"/tmp/x/page-3.webp"}'),
    ).toMatchObject({
      number: 3,
      title: "Financials",
    });
    expect(readRenderLine('{"type":"page","number":4,"width":1600,"height":900,"title":null,"file":"/tmp/x/page-4.webp"}')).toMatchObject({
      title: null,
    });
    expect(readRenderLine('{"type":"refused","reason":"Too big"}')).toEqual({ type: "refused", reason: "Too big" });
    expect(readRenderLine('{"type":"done"}')).toEqual({ type: "done" });
  });

  it("ignores anything else: a warning, a page past the limits, an unknown key, a line too long", () => {
    expect(readRenderLine("warning: repairing PDF document")).toBeNull();
    expect(readRenderLine(`{"type":"pages","count":${MAX_DECK_PAGES + 1}}`)).toBeNull();
    expect(readRenderLine('{"type":"page","number":1,"width":99999,"height":900,"title":null,"file":"/tmp/p.webp"}')).toBeNull();
    expect(
      readRenderLine(`{"type":"page","number":1,"width":1600,"height":900,"title":"${"x".repeat(81)}","file":"/tmp/p.webp"}`),
    ).toBeNull();
    expect(readRenderLine('{"type":"done","extra":1}')).toBeNull();
    expect(readRenderLine(`{"type":"refused","reason":"${"x".repeat(6000)}"}`)).toBeNull();
  });
});

describe("a deck in the founder's words", () => {
  it("says a version's status", () => {
    expect(versionStatusText({ status: "ready", pages: 12, pagesDone: 12 })).toBe("12 pages");
    expect(versionStatusText({ status: "ready", pages: 1, pagesDone: 1 })).toBe("1 page");
    expect(versionStatusText({ status: "rendering", pages: 40, pagesDone: 12 })).toBe("Rendering: page 12 of 40");
    expect(versionStatusText({ status: "rendering", pages: null, pagesDone: 0 })).toBe("Rendering: reading the file");
    expect(versionStatusText({ status: "failed", pages: 81, pagesDone: 0 })).toBe("Refused");
  });

  it("names each limit in its refusal", () => {
    expect(DECK_REFUSALS.tooLarge).toContain("30 MB");
    expect(DECK_REFUSALS.tooManyPages).toContain(`most a deck may have is ${MAX_DECK_PAGES}`);
    expect(DECK_REFUSALS.hugeImage).toContain("50 megapixels");
    expect(DECK_REFUSALS.timeLimit).toContain("180 seconds");
    expect(DECK_REFUSALS.memoryLimit).toContain("400 MB");
  });

  it("gives each page its alt text and each file its size", () => {
    expect(slideAlt(3, 12)).toBe("Slide 3 of 12");
    expect(fileSizeText(2.4 * 1024 * 1024)).toBe("2.4 MB");
    expect(fileSizeText(820 * 1024)).toBe("820 KB");
    expect(fileSizeText(10)).toBe("1 KB");
  });

  it("keeps a file name's last part, printable, without quotes", () => {
    expect(cleanDeckFileName("C:\\Users\\ana\\Seed deck.pdf")).toBe("Seed deck.pdf");
    expect(cleanDeckFileName('../evil"\u202e.pdf')).toBe("evil.pdf");
    expect(cleanDeckFileName("")).toBe("deck.pdf");
    expect(cleanDeckFileName("x".repeat(300))).toHaveLength(200);
  });

  it("knows a PDF by its header within the first kilobyte", () => {
    expect(looksLikePdf(new TextEncoder().encode("%PDF-1.7\n"))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode("\n\n%PDF-1.4"))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode("Name,Firm\n"))).toBe(false);
  });

  it("says an upload and a download switch in the activity", () => {
    const row = (detail: Record<string, unknown>) => ({ kind: "deck" as const, detail });
    const say = (detail: Record<string, unknown>) => activitySentence(row(detail), "Ana", "Deck Co");
    expect(say({ what: "uploaded", version: 2, file: "seed.pdf" })).toBe("Ana uploaded version 2 of Deck Co's deck (seed.pdf)");
    expect(say({ what: "allowed download", version: 2 })).toBe("Ana allowed the download of version 2 of Deck Co's deck");
    expect(say({ what: "stopped download", version: 2 })).toBe("Ana stopped the download of version 2 of Deck Co's deck");
  });
});
