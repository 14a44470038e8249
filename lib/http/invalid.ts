// The one way a schema's refusal becomes an answer: its first issue names the field at fault
// (a dotted path) and says what is wrong with it.
import type { core } from "zod";
import { problem } from "./json-answer";

/** Any schema's error, zod's classic or core (as accountStringSchema builds it). */
type ZodError = core.$ZodError;

/** 400 `invalid` for the first issue; `whole` names the input when the issue has no path. */
export function invalid(error: ZodError, whole = "body"): Response {
  const { field, message } = firstIssue(error, whole);
  return problem("invalid", `${field}: ${message}`, { field });
}

export function firstIssue(error: ZodError, whole = "body"): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: issue?.path.map(String).join(".") || whole, message: issue?.message ?? "invalid" };
}
