// A thrown error that knows what the client should be told: the route wrapper answers with it,
// so a lower layer can throw (Next's cache and error boundaries need a throw) without the route
// knowing every error class. Duck-typed so that lib/http imports nothing above it.
import { errorBodySchema, type ErrorBody } from "./error-body";

export interface AnswerableError {
  /** The envelope to send: a code from the table and a message fit for anyone to read. */
  readonly answer: ErrorBody;
}

export function answerOf(error: unknown): ErrorBody | null {
  if (typeof error !== "object" || error === null || !("answer" in error)) return null;
  const checked = errorBodySchema.safeParse(error.answer);
  return checked.success ? checked.data : null;
}
