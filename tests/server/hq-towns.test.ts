import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePlace } from "#app/domain/places.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "hq-towns-passcode";

/** A founder's tracker with an HQ column of 20 towns as people write them (decision 055). */
const TOWNS = [
  "Trondheim",
  "Bergen",
  "Stavanger",
  "Tromsø",
  "Tromso",
  "Ålesund",
  "Kristiansand",
  "Stockholm, SE",
  "Göteborg",
  "Malmö",
  "Aarhus",
  "Espoo",
  "Reykjavik",
  "Paris",
  "Milan",
  "Zurich",
  "Vienna",
  "SF Bay Area",
  "NYC",
  "Cambridge, MA",
];
const NORDIC = new Set(TOWNS.slice(0, 13));

function tracker(): string {
  const lines = ["Investor,Fund,HQ,Stage focus,Thesis / sectors,Status"];
  TOWNS.forEach((town, index) => {
    lines.push(`Partner ${index + 1},Fund ${index + 1},"${town}",Seed,Fintech,Contacted`);
  });
  return `${lines.join("\r\n")}\r\n`;
}

type Exported = { id: number; name: string; based_in: string | null; geographies: string[]; action: string; score_explained: unknown };

describe("an HQ column of towns, imported", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("reads HQ as where each fund is based, resolves at least 95 % of the towns, and never calls a Nordic fund far off", async () => {
    const created = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Fjord Pay",
        pitch: "Payments for Nordic SMEs.",
        sector: "fintech",
        stage: "seed",
        geography: "Norway",
      }),
    });
    expect(created.status).toBe(201);
    expect((await importCsv(server, tracker(), { as: { passcode: PASSCODE }, filename: "tracker.csv" })).status).toBe(303);

    const file = (await (await fetch(`${server.url}/export.json`, { headers: { "x-admin-passcode": PASSCODE } })).json()) as {
      investors: Exported[];
    };
    const byName = new Map(file.investors.map((investor) => [investor.name, investor]));
    expect(byName.size).toBe(TOWNS.length);
    // The stored names say their country: read back here without the cities data.
    const resolved = TOWNS.filter((_, index) => {
      const stored = byName.get(`Partner ${index + 1}`)?.based_in;
      return stored != null && resolvePlace(stored)?.code !== undefined;
    });
    expect(resolved.length / TOWNS.length).toBeGreaterThanOrEqual(0.95);
    expect(byName.get("Partner 1")?.based_in).toBe("Trondheim, Norway");
    expect(byName.get("Partner 8")?.based_in).toBe("Stockholm");
    expect(byName.get("Partner 20")?.based_in).toBe("Cambridge, MA, United States");
    // HQ is where they sit, not where they invest.
    for (const investor of file.investors) expect(investor.geographies).toEqual([]);

    const points = new Map<string, number>();
    TOWNS.forEach((town, index) => {
      const investor = byName.get(`Partner ${index + 1}`);
      const explained = investor?.score_explained as { components: Array<{ key: string; points: number; detail: string }> };
      const geography = explained.components.find((component) => component.key === "geography");
      const shown = (investor?.based_in ?? "").split(",")[0];
      expect(geography?.detail, town).toBe(`Based in ${shown} (where they invest is not known)`);
      points.set(town, geography?.points ?? 0);
      // Where they are based is never evidence against them.
      expect(investor?.action, town).not.toBe("dont_chase");
    });
    // The default rubric of a startup in Norway names Norway, Northern Europe, the Nordics and Europe:
    // a Norwegian home earns most, a Nordic one at least what one elsewhere in Europe does (Paris,
    // Milan: inside Europe only), the US nothing.
    const elsewhere = Math.max(...TOWNS.filter((town) => !NORDIC.has(town)).map((town) => points.get(town) ?? 0));
    for (const town of TOWNS.slice(0, 7)) expect(points.get(town), town).toBeGreaterThan(elsewhere);
    for (const town of NORDIC) expect(points.get(town), town).toBeGreaterThanOrEqual(elsewhere);
    for (const town of ["SF Bay Area", "NYC", "Cambridge, MA"]) expect(points.get(town), town).toBe(0);
  });

  it("takes a based-in place through route #9, names it with its country, shows it on the investor page, and clears it with null", async () => {
    const file = (await (await fetch(`${server.url}/export.json`, { headers: { "x-admin-passcode": PASSCODE } })).json()) as {
      investors: Exported[];
    };
    const paris = file.investors.find((investor) => investor.based_in === "Paris");
    expect(paris).toBeDefined();
    const patch = (body: unknown) =>
      fetch(`${server.url}/api/investors/${paris?.id}`, {
        method: "PATCH",
        headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const moved = await patch({ based_in: "Tromso" });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Exported).based_in).toBe("Tromso, Norway");

    const cookie = await signIn(server.url, PASSCODE);
    const page = (await (await fetch(`${server.url}/investors/${paris?.id}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("based in Tromso, Norway");
    expect(page).toContain("Based in Tromso (where they invest is not known)");

    const cleared = await patch({ based_in: null });
    expect(((await cleared.json()) as Exported).based_in).toBeNull();
  });
});
