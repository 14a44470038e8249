// Check an answer's body against its response schema. Response schemas are loose objects, so
// fields a later service version adds survive; a body that lacks or mistypes a field is an
// "invalid_response" that names the field's path.
import type { z } from "zod";
import { err, ok, type Result } from "@/lib/result";
import { PartnerError } from "./partner-error";
import type { Answer } from "./transport";

function pathText(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(body)";
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`))
    .join("");
}

export function validateAnswer<S extends z.ZodType>(
  schema: S,
  answer: Answer,
  endpoint: string,
  changesState = false,
): Result<z.output<S>, PartnerError> {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return ok(parsed.data);
  const problems = parsed.error.issues.slice(0, 5).map((issue) => `${pathText(issue.path)}: ${issue.message}`);
  const more = parsed.error.issues.length > 5 ? ` (+${parsed.error.issues.length - 5} more)` : "";
  return err(
    new PartnerError({
      code: "invalid_response",
      status: answer.status,
      text: `unexpected response shape from ${endpoint}: ${problems.join("; ")}${more}`,
      body: answer.body,
      endpoint,
      mayHaveTakenEffect: changesState,
    }),
  );
}
