import { describe, expect, it } from "vitest";
import { introsWaitingSentence } from "#app/domain/digest-intros.ts";
import { DIGEST_MAX_SEPTETS, composeDigest, gsm7Length, toGsm7 } from "#app/domain/digest.ts";

const two = {
  count: 2,
  first: [
    { person: "Erik Solberg", investor: "Kristin Lund" },
    { person: "Lena Berg", investor: "Northzone" },
  ],
};

describe("the digest's intros waiting (decision 065)", () => {
  it("names the connector and the investor, the oldest asked first, and how many more", () => {
    expect(introsWaitingSentence(two, toGsm7, true)).toBe("2 intros waiting: Erik (Kristin Lund), Lena (Northzone).");
    expect(introsWaitingSentence({ ...two, count: 5 }, toGsm7, true)).toBe(
      "5 intros waiting: Erik (Kristin Lund), Lena (Northzone) +3 more.",
    );
    expect(introsWaitingSentence(two, toGsm7, false)).toBe("2 intros waiting.");
    expect(introsWaitingSentence({ count: 0, first: [] }, toGsm7, true)).toBe("");
    expect(introsWaitingSentence({ count: 1, first: [{ person: "Øyvind Ås", investor: "Škoda Ventures" }] }, toGsm7, true)).toBe(
      "1 intro waiting: Oyvind (Skoda Ventures).",
    );
  });

  it("is said after the follow-ups, and the message stays within two segments with long names", () => {
    const base = { tracked: 10, emailFirst: [], emailFirstCount: 0, followUps: 3, dontChase: [], dontChaseCount: 0 };
    const digest = composeDigest({ ...base, introsWaiting: two }, { date: "2026-12-02" });
    expect(digest.text).toContain("Follow-ups due: 3. 2 intros waiting: Erik (Kristin Lund), Lena (Northzone).");
    expect(composeDigest(base, { date: "2026-12-02" }).text).not.toContain("intro");
    const long = "W".repeat(60);
    const crowded = composeDigest(
      {
        ...base,
        emailFirst: [1, 2, 3].map((id) => ({
          id,
          name: long,
          firm: long,
          score: 50,
          action: "email_first" as const,
          relationship_status: "not_contacted",
          signal_red_flag: null,
        })),
        emailFirstCount: 40,
        introsWaiting: { count: 9, first: [1, 2, 3].map(() => ({ person: long, investor: long })) },
      },
      { date: "2026-12-02" },
    );
    expect(gsm7Length(crowded.text)).toBeLessThanOrEqual(DIGEST_MAX_SEPTETS);
    expect(crowded.text).toMatch(/9 intros waiting/);
  });
});
