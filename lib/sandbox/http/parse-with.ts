// Runs a request schema and turns a failure into the 400 of docs/partner-api-decisions.md item 6.
import type { z } from "zod";
import { errorResult } from "./error-result";
import { failure, success, type Outcome } from "./outcome";
import { describeZodError } from "./zod-issue-text";

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Outcome<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return success(parsed.data);
  return failure(errorResult(400, describeZodError(parsed.error, input)));
}
