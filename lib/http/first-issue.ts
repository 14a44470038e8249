// The one reading of a schema's refusal: its first issue names the field at fault (a dotted
// path) and says what is wrong with it. Pure, so server actions and owner actions word their
// refusals the same way as the routes (invalid.ts) without an HTTP answer.
import type { core } from "zod";

/** Any schema's error, zod's classic or core (as accountStringSchema builds it). */
export type ZodError = core.$ZodError;

/** `whole` names the input when the issue has no path. */
export function firstIssue(error: ZodError, whole = "body"): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: issue?.path.map(String).join(".") || whole, message: issue?.message ?? "invalid" };
}
