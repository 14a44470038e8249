// Section 7 and docs/partner-api-decisions.md item 7: every code the service answers with, and what it means.

export const ERROR_CODES = {
  101: "order status cannot be changed again",
  102: "no available vouchers or different top-up type",
  103: "service temporarily unavailable",
  400: "invalid request",
  401: "authorization error",
  402: "insufficient partner balance",
  403: "no access to the service",
  404: "not found",
  405: "method not allowed",
  413: "request body too large",
  429: "too many requests",
  500: "internal error",
  503: "service or its integration temporarily unavailable",
} as const;

export type ServiceErrorCode = keyof typeof ERROR_CODES;

/** HTTP status each code travels with (docs/partner-api-decisions.md item 7). */
export function httpStatusOf(code: ServiceErrorCode): number {
  switch (code) {
    case 101:
      return 409;
    case 102:
      return 404;
    case 103:
      return 503;
    default:
      return code;
  }
}

export function isServiceErrorCode(value: unknown): value is ServiceErrorCode {
  return typeof value === "number" && Object.hasOwn(ERROR_CODES, value);
}
