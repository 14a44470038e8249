// Operations as this process runs them: the shop's KV, the storefront's Partner API client, the
// upstream fingerprint and the shop's alerts. The checkout, the sweep, the pages and the admin
// take their dependencies from here.
import { clearAlert, raiseAlert } from "./alerts";
import { storefrontClient } from "./catalog-deps";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import type { OperationsDeps } from "@/lib/operations/partner-balance";

/**
 * How long a read of the partner balance counts as fresh. Between reads the shop subtracts its
 * own spend, so the figure drifts only by what others spend on the same partner account.
 */
export const BALANCE_TTL_MS = 60_000;

export async function shopOperationsDeps(): Promise<OperationsDeps> {
  return {
    kv: await getKv(),
    clock: systemClock,
    client: await storefrontClient(),
    upstream: currentUpstream(),
    ttlMs: BALANCE_TTL_MS,
    alerts: { raise: raiseAlert, clear: clearAlert },
  };
}
