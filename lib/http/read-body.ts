// A request body as text, read no further than a route's limit (read-capped-bytes.ts), so a
// sender can never make us hold more; over it, the envelope's `too_large`.
import { err, ok, type Result } from "@/lib/result";
import { errorBody, type ErrorBody } from "./error-body";
import { readCappedBytes } from "./read-capped-bytes";

export async function readBody(request: Request, maxBytes: number): Promise<Result<string, ErrorBody>> {
  const bytes = await readCappedBytes(request, maxBytes);
  if (bytes === null) return err(errorBody("too_large", `the body is over ${maxBytes} bytes`));
  // Decoded as request.text() would: the Stripe signature is checked on this same text.
  return ok(new TextDecoder().decode(bytes));
}
