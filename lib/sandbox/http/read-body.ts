// decisions.md item 23: bodies over 1 MiB are a 413. Content-Length is checked first, then
// the bytes are counted while reading, because a chunked body carries no length to trust.
import { errorResult } from "./error-result";
import { failure, success, type Outcome } from "./outcome";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => failure<string>(errorResult(413, `request body must be at most ${MAX_BODY_BYTES} bytes`));

/** The body as UTF-8 text, never buffering more than `limit` bytes. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<Outcome<string>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) return tooLarge();
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
  try {
    return success(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return failure(errorResult(400, "request body is not valid UTF-8"));
  }
}
