// docs/decisions.md item 23: bodies over 1 MiB are a 413. Content-Length is checked first, then
// the bytes are counted while reading, because a chunked body carries no length to trust.
// This file reads a Web `Request`; node-request.ts applies the same rules to node:http.
import { errorResult } from "./error-result";
import { failure, success, type Outcome } from "./outcome";

export const MAX_BODY_BYTES = 1024 * 1024;

export const tooLarge = () => failure<string>(errorResult(413, `request body must be at most ${MAX_BODY_BYTES} bytes`));

/** True when a Content-Length header alone already exceeds `limit`. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return typeof contentLength === "string" && /^\d+$/.test(contentLength) && Number(contentLength) > limit;
}

/** The body as UTF-8 text, never buffering more than `limit` bytes. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<Outcome<string>> {
  if (declaredTooLarge(request.headers.get("content-length"), limit)) return tooLarge();
  if (!request.body) return success("");

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
      return tooLarge();
    }
    chunks.push(value);
  }

  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decodeUtf8(bytes);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function decodeUtf8(bytes: Uint8Array): Outcome<string> {
  try {
    return success(utf8.decode(bytes));
  } catch {
    return failure(errorResult(400, "request body is not valid UTF-8"));
  }
}
