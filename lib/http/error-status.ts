// The one table from an error code to its HTTP status. A code means one thing everywhere, so a
// program can act on the code alone; the status is what HTTP clients and caches need to see.
export const ERROR_STATUS = {
  /** The request does not follow the route's schema (a missing or malformed field). */
  invalid: 400,
  invalid_json: 400,
  invalid_signature: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  /** What was asked for exists but cannot be had now (sold out, switched off upstream). */
  not_available: 409,
  /** The action does not apply to this thing in its present state. */
  not_applicable: 409,
  try_later: 409,
  /** The owner has paused all sales (lib/operations): no order is taken until they resume. */
  sales_paused: 409,
  /** The partner balance cannot cover this product's upstream cost now (lib/operations). */
  balance_low: 409,
  /** The bot check's token is missing, invalid, spent or solved elsewhere (lib/fraud): solve it again. */
  bot_check_failed: 403,
  /** The card-testing breaker is open: the strict bot check is needed (lib/fraud). */
  challenge_required: 403,
  /** Screening refused the order (a velocity cap or the blocklist; lib/fraud). The buyer is not told which. */
  order_refused: 403,
  too_large: 413,
  unsupported_media_type: 415,
  /** Well-formed, but a value is refused (an account the form rejects, an amount out of range). */
  refused: 422,
  rate_limited: 429,
  internal: 500,
  sweep_failed: 500,
  not_configured: 503,
  /** The card-testing breaker is open and the owner pauses checkouts meanwhile (lib/fraud). */
  checkout_paused: 503,
  catalog_unavailable: 503,
  orders_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
