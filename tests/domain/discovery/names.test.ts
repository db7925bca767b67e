import { describe, expect, it } from "vitest";
import { aliasLookup, investorKey, pipelineKeys, resolvedKey } from "#app/domain/discovery/names.ts";

describe("investorKey", () => {
  it("folds letters and drops punctuation", () => {
    expect(investorKey("Héctor Müller")).toBe(investorKey("hector muller"));
    expect(investorKey("Point-Nine")).toBe("point nine");
  });

  it("drops the firm suffixes one article writes and the next leaves out", () => {
    expect(investorKey("Northzone Ventures")).toBe("northzone");
    expect(investorKey("Point Nine Capital")).toBe("point nine");
    expect(investorKey("Seedcamp Fund IX")).toBe("seedcamp");
    expect(investorKey("Balderton Capital Partners LLP")).toBe("balderton");
    expect(investorKey("The Venture Collective VC")).toBe("venture collective");
    expect(investorKey("Frontline Fund 3")).toBe("frontline");
  });

  it("never empties a name made only of suffix words", () => {
    expect(investorKey("Capital")).toBe("capital");
    expect(investorKey("Partners Fund")).toBe("partners");
  });

  it("keeps a fund's number when it is not a fund's number", () => {
    expect(investorKey("Version One")).toBe("version one");
    expect(investorKey("Project A Ventures")).toBe("project a");
  });
});

describe("aliases and the pipeline", () => {
  const aliases = aliasLookup([{ aliasKey: investorKey("a16z"), name: "Andreessen Horowitz" }]);

  it("resolves an alias to the key of the name it stands for", () => {
    expect(resolvedKey("a16z", aliases)).toBe("andreessen horowitz");
    expect(resolvedKey("Andreessen Horowitz", aliases)).toBe("andreessen horowitz");
  });

  it("matches a deal's name to a pipeline investor by name, by firm, and through an alias", () => {
    const keys = pipelineKeys(
      [
        { id: 1, name: "Chris Dixon", firm: "Andreessen Horowitz" },
        { id: 2, name: "Anna Ek", firm: "Northzone Ventures" },
        { id: 3, name: "Lars Berg", firm: "Northzone" },
      ],
      aliases,
    );
    expect(keys.get(resolvedKey("a16z", aliases))).toBe(1);
    expect(keys.get(resolvedKey("Chris Dixon", aliases))).toBe(1);
    expect(keys.get(resolvedKey("Northzone", aliases))).toBe(2);
    expect(keys.get(resolvedKey("Lars Berg", aliases))).toBe(3);
    expect(keys.get(resolvedKey("Index Ventures", aliases))).toBeUndefined();
  });
});

describe("one key for deals and the pipeline", () => {
  it("drops a fund's number after any firm word, and the words both readers of deals dropped", () => {
    expect(investorKey("Accel Partners II")).toBe("accel");
    expect(investorKey("Seedcamp Fund IX")).toBe("seedcamp");
    expect(investorKey("Pioneer Investors")).toBe("pioneer");
    expect(investorKey("Foo VCs")).toBe("foo");
    // A number that is the name's own stays: "Section 32", "Project A".
    expect(investorKey("Section 32")).toBe("section 32");
    expect(investorKey("Project A")).toBe("project a");
  });
});
