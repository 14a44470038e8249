// The one way a schema's refusal becomes an answer: 400 `invalid` naming the field at fault
// and what is wrong with it (first-issue.ts).
import { firstIssue, type ZodError } from "./first-issue";
import { problem } from "./json-answer";

/** 400 `invalid` for the first issue; `whole` names the input when the issue has no path. */
export function invalid(error: ZodError, whole = "body"): Response {
  const { field, message } = firstIssue(error, whole);
  return problem("invalid", `${field}: ${message}`, { field });
}
