// A JSON request body, read the one way our POST handlers read it: JSON's content type only (a
// cross-site HTML form cannot send it without a CORS preflight we never grant), at most
// `maxBytes`, parsed, then checked by the handler's schema. A refusal is the answer to send.
import type { z } from "zod";
import { err, ok, type Result } from "@/lib/result";
import { invalid } from "./invalid";
import { errorAnswer, problem } from "./json-answer";
import { readBody } from "./read-body";

export async function readJsonRequest<S extends z.ZodType>(request: Request, schema: S, maxBytes: number): Promise<Result<z.infer<S>, Response>> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return err(problem("unsupported_media_type", "send the body as JSON with Content-Type: application/json"));
  }
  const text = await readBody(request, maxBytes);
  if (!text.ok) return err(errorAnswer(text.error));
  let body: unknown;
  try {
    body = JSON.parse(text.value);
  } catch {
    return err(problem("invalid_json", "the body is not valid JSON"));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return err(invalid(parsed.error));
  return ok(parsed.data);
}
