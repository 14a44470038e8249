// Stripe's error envelope, as values: every failure the sandbox can answer with is one of these,
// turned into `{ "error": { type, code, message, param } }` with its status in one place.
export type StripeErrorType = "invalid_request_error" | "idempotency_error" | "card_error" | "api_error";

export interface StripeError {
  status: number;
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

export function invalidRequest(message: string, extra: { code?: string; param?: string; status?: number } = {}): StripeError {
  return { status: extra.status ?? 400, type: "invalid_request_error", message, code: extra.code, param: extra.param };
}

export function resourceMissing(objectName: string, id: string, param = "id"): StripeError {
  return invalidRequest(`No such ${objectName}: '${id}'`, { code: "resource_missing", param, status: 404 });
}

export function errorBody(error: StripeError): { error: Omit<StripeError, "status"> } {
  const { type, code, message, param, decline_code } = error;
  return { error: { type, code, message, param, decline_code } };
}
