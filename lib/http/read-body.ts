// A request body as text, read no further than a route's limit: a declared Content-Length over
// it is refused before a byte is read, and the stream is cut off at the limit whatever the
// header said (it may be absent or false), so a sender can never make us hold more.
import { err, ok, type Result } from "@/lib/result";
import { errorBody, type ErrorBody } from "./error-body";

export async function readBody(request: Request, maxBytes: number): Promise<Result<string, ErrorBody>> {
  const tooLarge = errorBody("too_large", `the body is over ${maxBytes} bytes`);
  if (Number(request.headers.get("content-length")) > maxBytes) return err(tooLarge);
  if (!request.body) return ok("");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return err(tooLarge);
    }
    chunks.push(value);
  }
  // Decoded as request.text() would: the Stripe signature is checked on this same text.
  return ok(new TextDecoder().decode(Buffer.concat(chunks)));
}
