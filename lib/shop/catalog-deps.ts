// The storefront's one Partner API client and the catalogue's dependencies, per process. The
// token lives in KV so that every instance shares it (lib/partner/kv-token-store.ts).
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { getKv } from "@/lib/kv/get-kv";
import { observeFetch } from "@/lib/operations/call-observers";
import { shopCallRecorder } from "./health";
import { worstCaseCallMs } from "@/lib/partner/call-budget";
import type { PartnerClient } from "@/lib/partner/client";
import { createKvTokenStore } from "@/lib/partner/kv-token-store";
import { createStorefrontClient, resolveUpstream, storefrontCallSettings } from "./partner-client";
import { shopPricingRules } from "./pricing";
import { systemClock } from "@/lib/time/clock";
import { processSingleton } from "@/lib/singleton";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { presentationSettings } from "./presentation-settings";

export function storefrontClient(): Promise<PartnerClient> {
  return processSingleton("storefront-client", async () => {
    const target = await resolveUpstream();
    // Keyed by upstream and login: a token of one service is worthless to another.
    const key = `partner:token:${currentUpstream()}:${target.login}`;
    // The login lock outlives a login with the client's own timeouts and retries.
    const loginLockMs = worstCaseCallMs(storefrontCallSettings());
    // Every call is timed for the dashboard's upstream health (lib/operations/health.ts).
    const observe = (inner: typeof fetch) => observeFetch(inner, shopCallRecorder("upstream"));
    return createStorefrontClient(createKvTokenStore({ kv: await getKv(), key, clock: systemClock, loginLockMs }), observe);
  });
}

export async function catalogDeps(): Promise<CatalogDeps> {
  return {
    client: await storefrontClient(),
    kv: await getKv(),
    clock: systemClock,
    ttlMs: env().CATALOG_TTL_SECONDS * 1000,
    upstream: currentUpstream(),
    policy: await shopPricingRules(),
    presentation: presentationSettings(),
  };
}
