// The one error envelope every route of ours answers (docs/http-api.md): a code from the
// status table, a message in English for people, the field at fault for bad input, and any
// details a page needs to say the problem in its own words. Flat rather than nested under
// `error`, because POST /api/checkout has answered this shape since it was first documented.
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./error-status";

export const errorBodySchema = z.looseObject({
  error: z.enum(ERROR_CODES),
  message: z.string(),
  /** The request field at fault, as a dotted path ("account", "amount"). */
  field: z.string().optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Details carried beside the code and message; they cannot replace either. */
export type ErrorDetails = { field?: string; error?: never; message?: never } & Record<string, unknown>;

export function errorBody(code: ErrorCode, message: string, details: ErrorDetails = {}): ErrorBody {
  return { error: code, message, ...details };
}
