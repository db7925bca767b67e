import { describe, expect, it } from "vitest";
import { busySentence } from "#app/services/import-uploads.server.ts";

/** An import refused while another is read says whose it is (a founder's two back to back were "yours … or a teammate's"). */
describe("the words for an import refused while another is read", () => {
  const maren = { memberId: 1, name: "Maren" };
  const jonas = { memberId: 2, name: "Jonas" };

  it("tells a founder it is her own other import", () => {
    expect(busySentence(maren, maren)).toBe(
      "Your other import is still being read (in another tab, or the one you just sent). Try again in a few seconds: nothing was saved.",
    );
  });

  it("names the teammate whose import it is", () => {
    expect(busySentence(jonas, maren)).toBe("Jonas's import is being read right now. Try again in a few seconds: nothing was saved.");
  });

  it("names nobody when a script sent it", () => {
    expect(busySentence(null, maren)).toBe("Another import is being read right now. Try again in a few seconds: nothing was saved.");
  });
});
