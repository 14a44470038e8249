export { createPartnerClient, DEFAULT_PAY_TIMEOUT_MS, DEFAULT_REFRESH_MARGIN_MS, DEFAULT_TIMEOUT_MS } from "./create-partner-client";
export type { CallOptions, PartnerClient, PartnerClientOptions } from "./partner-client";
export { PartnerError, type PartnerErrorCode, type TransportErrorCode } from "./partner-error";
export { createMemoryTokenStore, type CachedToken, type TokenStore } from "./token-store";
export { parseExpiresAt } from "./token-expiry";
export type { LoginAnswer } from "./answer-schemas";
