import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readEmptyBody, readJsonBody } from "#app/http/json-body.server.ts";

const schema = z.strictObject({ linkedin: z.boolean().optional() });

function post(body: string, contentType = "application/json") {
  return new Request("http://app.test/api/refresh", {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: any }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() };
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe("readJsonBody", () => {
  it("returns the parsed body", async () => {
    await expect(readJsonBody(post('{"linkedin":true}'), schema)).resolves.toEqual({ linkedin: true });
  });

  it("treats an empty body as {}", async () => {
    await expect(readJsonBody(post(""), schema)).resolves.toEqual({});
  });

  it("names an unknown key in a 400", async () => {
    const { status, body } = await refusal(readJsonBody(post('{"linkedin":true,"score":100}'), schema));
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_body");
    expect(body.error.message).toContain("score");
    expect(body.error.fields).toEqual({ score: ["unknown key"] });
  });

  it("answers 400 for malformed JSON", async () => {
    const { status, body } = await refusal(readJsonBody(post("{linkedin:"), schema));
    expect(status).toBe(400);
    expect(body.error.code).toBe("malformed_json");
  });

  it("answers 400 with the field for a wrong type", async () => {
    const { status, body } = await refusal(readJsonBody(post('{"linkedin":"yes"}'), schema));
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields)).toEqual(["linkedin"]);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const { status, body } = await refusal(readJsonBody(post("linkedin=true", "application/x-www-form-urlencoded"), schema));
    expect(status).toBe(415);
    expect(body.error.code).toBe("unsupported_media_type");
  });

  it("answers 413 over 64 KiB, even without a Content-Length", async () => {
    const big = JSON.stringify({ linkedin: true, pad: "x".repeat(70 * 1024) });
    const { status } = await refusal(readJsonBody(post(big), schema));
    expect(status).toBe(413);
  });

  it("accepts exactly 64 KiB", async () => {
    const wide = z.strictObject({ pad: z.string() });
    const body = JSON.stringify({ pad: "" });
    const padded = JSON.stringify({ pad: "x".repeat(64 * 1024 - body.length) });
    expect(padded.length).toBe(64 * 1024);
    await expect(readJsonBody(post(padded), wide)).resolves.toHaveProperty("pad");
  });
});

describe("readEmptyBody", () => {
  it("accepts nothing or {}", async () => {
    await expect(readEmptyBody(post(""))).resolves.toBeUndefined();
    await expect(readEmptyBody(post("{}"))).resolves.toBeUndefined();
  });

  it("refuses keys it does not take", async () => {
    const { status, body } = await refusal(readEmptyBody(post('{"force":true}')));
    expect(status).toBe(400);
    expect(body.error.message).toContain("force");
  });
});

describe("keys named like Object.prototype members", () => {
  const names = ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "isPrototypeOf"];

  it("are named as unknown keys in a 400, never a crash", async () => {
    for (const name of names) {
      const { status, body } = await refusal(readJsonBody(post(`{"linkedin":true,"${name}":1}`), schema));
      expect(status, name).toBe(400);
      expect(body.error.code).toBe("invalid_body");
      expect(body.error.message).toContain(name);
      expect(Object.keys(body.error.fields)).toEqual([name]);
    }
  });

  it("are named in a nested object too, and beside a wrong type", async () => {
    const nested = z.strictObject({ add: z.strictObject({ note: z.string() }) });
    const { status, body } = await refusal(readJsonBody(post('{"add":{"note":5},"toString":1}'), nested));
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields).sort()).toEqual(["add.note", "toString"]);
  });

  it("are refused by a route that takes no body", async () => {
    const { status, body } = await refusal(readEmptyBody(post('{"__proto__":{"polluted":true}}')));
    expect(status).toBe(400);
    expect(body.error.fields).toHaveProperty("__proto__");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
