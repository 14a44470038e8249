// Spec 4.5 account rules and docs/partner-api-decisions.md item 25: which vouchers need an account, which must not
// get one, and what a well-formed one looks like. Violations answer the account-validation
// 400 body `{error, error_text, delivery_method}`.
import type { FixtureVoucher } from "../fixture/schema";
import type { ApiResult } from "../http/error-result";

export const ACCOUNT_TEXT = {
  required: "account is required for this voucher",
  forbidden: "account must not be sent: this product returns a voucher code",
} as const;

export interface AccountRuleOptions {
  /** test=1 with a fixed test account: it passes any account_format (docs/partner-api-decisions.md item 16). */
  isTestAccount: boolean;
}

/** Null when the account is acceptable for the voucher. */
export function checkVoucherAccount(voucher: FixtureVoucher, account: string | undefined, options: AccountRuleOptions): ApiResult | null {
  const required = voucher.delivery_method === "direct_topup" || voucher.account_need;
  if (account === undefined || account === "") {
    return required ? accountError(voucher, ACCOUNT_TEXT.required) : null;
  }
  if (!required) return accountError(voucher, ACCOUNT_TEXT.forbidden);
  if (options.isTestAccount) return null;
  const problem = formatProblem(voucher, account);
  return problem ? accountError(voucher, problem) : null;
}

function formatProblem(voucher: FixtureVoucher, account: string): string | null {
  const format = voucher.account_format ?? "account";
  const separator = voucher.account_separator;
  const expected = voucher.account_fields?.length ?? (separator ? format.split(separator).length : 1);
  const values = separator ? account.split(separator) : [account];
  if (values.length !== expected) {
    return `account must have ${expected} value${expected === 1 ? "" : "s"} in the format ${format}` +
      (separator ? `, separated by "${separator}"` : "");
  }
  if (values.some((v) => v.trim() === "")) return `account must not have an empty value (format ${format})`;
  return null;
}

function accountError(voucher: FixtureVoucher, text: string): ApiResult {
  return { status: 400, body: { error: 400, error_text: text, delivery_method: voucher.delivery_method } };
}
