// docs/partner-api-decisions.md item 23: bodies over 1 MiB are a 413. Content-Length is checked first, then
// the bytes are counted while reading, because a chunked body carries no length to trust.
// This file reads a Web `Request`; node-request.ts applies the same rules to node:http.
import { readCappedBytes } from "@/lib/http/read-capped-bytes";
import { errorResult } from "./error-result";
import { failure, success, type Outcome } from "./outcome";

export const MAX_BODY_BYTES = 1024 * 1024;

export const tooLarge = () => failure<string>(errorResult(413, `request body must be at most ${MAX_BODY_BYTES} bytes`));

/** The body as UTF-8 text, never buffering more than `limit` bytes. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<Outcome<string>> {
  const bytes = await readCappedBytes(request, limit);
  return bytes === null ? tooLarge() : decodeUtf8(bytes);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function decodeUtf8(bytes: Uint8Array): Outcome<string> {
  try {
    return success(utf8.decode(bytes));
  } catch {
    return failure(errorResult(400, "request body is not valid UTF-8"));
  }
}
