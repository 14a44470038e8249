// The Partner client's timeouts and retries as the deployment configured them. They bound how
// long one call can take, which a deployment fits to its host's function limit, so the client
// and every lock or lease sized around its calls (lib/partner/call-budget.ts) must be given the
// same numbers: a lock sized from the defaults would expire under a slower configured call.
import type { Env } from "@/lib/config/env";
import { DEFAULT_PAY_TIMEOUT_MS, DEFAULT_TIMEOUT_MS } from "./client/create-partner-client";
import { DEFAULT_RETRIES } from "./client/retry-policy";

export interface PartnerCallSettings {
  timeoutMs: number;
  payTimeoutMs: number;
  retries: number;
}

export type PartnerCallEnv = Pick<Env, "PARTNER_TIMEOUT_SECONDS" | "PARTNER_PAY_TIMEOUT_SECONDS" | "PARTNER_RETRIES">;

/** The settings to create the client with and to size its call budget from; unset means the client's defaults. */
export function partnerCallSettings(config: PartnerCallEnv): PartnerCallSettings {
  return {
    timeoutMs: config.PARTNER_TIMEOUT_SECONDS === undefined ? DEFAULT_TIMEOUT_MS : config.PARTNER_TIMEOUT_SECONDS * 1000,
    payTimeoutMs: config.PARTNER_PAY_TIMEOUT_SECONDS === undefined ? DEFAULT_PAY_TIMEOUT_MS : config.PARTNER_PAY_TIMEOUT_SECONDS * 1000,
    retries: config.PARTNER_RETRIES ?? DEFAULT_RETRIES,
  };
}
