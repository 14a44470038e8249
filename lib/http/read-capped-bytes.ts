// A request body's bytes, never more than a limit: a declared Content-Length over it is refused
// before a byte is read, and the stream is cut off at the limit whatever the header said (it
// may be absent, or false for a chunked body). Shared by our routes and the sandboxes, which
// word the refusal each in their own API's shape.

/** True when a Content-Length header alone already exceeds `limit`. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return typeof contentLength === "string" && /^\d+$/.test(contentLength) && Number(contentLength) > limit;
}

/** The body's bytes, or null when it is over `limit`. */
export async function readCappedBytes(request: Request, limit: number): Promise<Uint8Array | null> {
  if (declaredTooLarge(request.headers.get("content-length"), limit)) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop the sender instead of draining an endless stream.
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
