// Spec 2.8 and docs/partner-api-decisions.md item 22: every account_check answer, errors included, lists its
// fields in the order of the result schema, leaving out those that do not apply.
import { accountCheckResultSchema, type AccountCheckResult } from "@/lib/partner/schemas";
import { httpStatusOf, type ServiceErrorCode } from "@/lib/partner/error-codes";
import type { ApiResult } from "../http/error-result";

const FIELD_ORDER = Object.keys(accountCheckResultSchema.shape) as (keyof AccountCheckResult)[];

/** What the request told us about the service and account, as far as it could be read. */
export interface CheckIdentity {
  game_name?: string;
  game_id?: number;
  account?: string;
}

export function accountCheckBody(fields: AccountCheckResult): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) {
    if (fields[key] !== undefined) body[key] = fields[key];
  }
  return body;
}

export function accountCheckError(code: ServiceErrorCode, errorText: string, identity: CheckIdentity): ApiResult {
  return {
    status: httpStatusOf(code),
    body: accountCheckBody({ success: false, ...identity, error: code, error_text: errorText }),
  };
}
