// The pages' reading of our error envelope (error-body.ts) from a fetch answer: the same rules
// as errorBodySchema, without zod, because this runs in the browser, where zod would be most of
// the product page's own JavaScript (issue 17). read-error-body.test.ts holds the two to one answer.
import type { ErrorBody } from "./error-body";
import { ERROR_CODES } from "./error-status";

/** The envelope, or null when the body is not one (a proxy's page, a crash, nothing). */
export function readErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const { error, message, field } = body as Record<string, unknown>;
  if (!(ERROR_CODES as readonly unknown[]).includes(error) || typeof message !== "string") return null;
  if (field !== undefined && typeof field !== "string") return null;
  return body as ErrorBody;
}
