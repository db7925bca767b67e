/**
 * Reads a request body whole, counting bytes as they arrive, and stops at `limit` (docs/product.md#security):
 * a declared Content-Length over the limit is refused before a byte is read, and a chunked
 * upload (no Content-Length, or one that lies) is cut off as soon as it passes the limit, so
 * no request makes the process hold more than `limit` bytes of body. What the client still
 * sends after the answer is read and dropped by app/server.ts (drainUnreadBody). A fetched
 * Response is read the same way (discovery's feeds).
 */
export async function readBoundedBody(
  message: Pick<Request | Response, "headers" | "body">,
  limit: number,
): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false }> {
  const declared = Number(message.headers.get("content-length") ?? "0");
  if (declared > limit) return { ok: false };
  if (!message.body) return { ok: true, bytes: new Uint8Array() };
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/**
 * A fetched answer as UTF-8 text, or undefined past `limit` (the connection then let go): what an
 * upstream service (Tavily, GDELT) answers is never held whole whatever its size.
 */
export async function readBoundedText(response: Response, limit: number): Promise<string | undefined> {
  const read = await readBoundedBody(response, limit);
  if (!read.ok) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  return new TextDecoder("utf-8").decode(read.bytes);
}
