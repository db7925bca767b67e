import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { multipartBoundary, saveMultipartFile } from "#app/http/multipart-file.server.ts";

/** A form posted as a browser posts it (undici writes the multipart body and its boundary). */
function formRequest(form: FormData, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/startups/1/deck", { method: "POST", body: form, headers });
}

function save(request: Request, maxBytes = 1024 * 1024) {
  const folder = mkdtempSync(join(tmpdir(), "ipi-multipart-"));
  return saveMultipartFile(request, { field: "deck", folder, saveAs: "deck.pdf", maxBytes });
}

describe("a multipart file saved without holding it (decision 067)", () => {
  it("copies the file part byte for byte, whatever it holds, and reads the small fields", async () => {
    // Bytes that look like the framing: CRLFs, dashes, a boundary-like line, and every byte value.
    const bytes = new Uint8Array(300_000);
    for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 31) % 256;
    bytes.set(new TextEncoder().encode("\r\n--\r\n------WebKitFormBoundary\r\n\r\n"), 1000);
    const form = new FormData();
    form.set("intent", "upload");
    form.set("deck", new Blob([bytes], { type: "application/pdf" }), "Séed deck.pdf");
    const saved = await save(formRequest(form));
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.name).toBe("Séed deck.pdf");
    expect(saved.bytes).toBe(bytes.byteLength);
    expect(new Uint8Array(readFileSync(saved.path))).toEqual(bytes);
    expect(saved.fields.get("intent")).toBe("upload");
  });

  it("finds the part across the scan's megabyte windows", async () => {
    const bytes = new Uint8Array(2.5 * 1024 * 1024).fill(0x41);
    const form = new FormData();
    form.set("deck", new Blob([bytes]), "big.pdf");
    const saved = await save(formRequest(form), 4 * 1024 * 1024);
    expect(saved.ok && saved.bytes).toBe(bytes.byteLength);
  });

  it("refuses a body past the cap, declared or not, and a form without the file", async () => {
    const form = new FormData();
    form.set("deck", new Blob([new Uint8Array(2048)]), "deck.pdf");
    expect(await save(formRequest(form), 1024)).toEqual({ ok: false, reason: "too_large" });
    const other = new FormData();
    other.set("intent", "upload");
    expect(await save(formRequest(other))).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses what is not a multipart form or has no boundary in its body", async () => {
    expect(
      await save(
        new Request("http://127.0.0.1/", { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      ),
    ).toEqual({
      ok: false,
      reason: "not_multipart",
    });
    const garbage = new Request("http://127.0.0.1/", {
      method: "POST",
      body: "no parts here",
      headers: { "content-type": "multipart/form-data; boundary=abc" },
    });
    expect(await save(garbage)).toEqual({ ok: false, reason: "malformed" });
  });

  it("reads the boundary, quoted or not, and nothing past 70 characters", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----abc")).toBe("----abc");
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(multipartBoundary("text/plain; boundary=abc")).toBeNull();
  });
});
