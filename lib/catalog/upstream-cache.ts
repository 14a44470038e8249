// The two catalogue reads of the Partner API, cached in KV with stale-while-revalidate.
// 102 on /api/voucher_available is an answer ("nothing to sell right now") and is cached like
// one; 103, 503, timeouts and the like are failures that leave the last good copy in place.
import { z } from "zod";
import type { Kv } from "@/lib/kv/kv";
import { worstCaseAuthorizedCallMs } from "@/lib/partner/call-budget";
import type { PartnerClient } from "@/lib/partner/client";
import { serviceSchema, voucherSchema, type Service } from "@/lib/partner/schemas";
import { err, ok } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { readThrough, type CacheRead } from "./stale-while-revalidate";

export interface UpstreamCacheDeps {
  client: PartnerClient;
  kv: Kv;
  clock: Clock;
  ttlMs: number;
  /** Fingerprint of the upstream (lib/config/upstream-fingerprint.ts), part of every key. */
  upstream: string;
}

const voucherListSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("vouchers"), vouchers: z.array(voucherSchema) }),
  z.object({ kind: z.literal("none") }),
]);

export type VoucherList = z.infer<typeof voucherListSchema>;

export const CATALOG_KEYS = {
  gamesList: (upstream: string) => `catalog:${upstream}:gameslist`,
  vouchers: (upstream: string, gameId: number) => `catalog:${upstream}:vouchers:${gameId}`,
};

/**
 * A refresh holds its lock for as long as one upstream read can take, a login and retries
 * included. Should it still expire (a rarer 401 re-login), the next holder only repeats the
 * read: the store is compare-and-set, so the older answer never replaces the newer.
 */
const REFRESH_LOCK_MS = worstCaseAuthorizedCallMs();

/** Built once: the cached copy's schema is looked up by identity (stale-while-revalidate.ts). */
const gamesListSchema = z.array(serviceSchema);

export function cachedGamesList(deps: UpstreamCacheDeps): Promise<CacheRead<Service[]>> {
  return readThrough<Service[]>({
    ...deps,
    key: CATALOG_KEYS.gamesList(deps.upstream),
    schema: gamesListSchema,
    lockTtlMs: REFRESH_LOCK_MS,
    async load() {
      const answer = await deps.client.gamesList();
      if (answer.ok) return ok(answer.value.available_games);
      // 404: "no available services" – an empty shop is an answer, not an outage.
      if (answer.error.code === 404) return ok([]);
      return err(answer.error.message);
    },
  });
}

export function cachedVouchers(deps: UpstreamCacheDeps, gameId: number): Promise<CacheRead<VoucherList>> {
  return readThrough<VoucherList>({
    ...deps,
    key: CATALOG_KEYS.vouchers(deps.upstream, gameId),
    schema: voucherListSchema,
    lockTtlMs: REFRESH_LOCK_MS,
    async load() {
      const answer = await deps.client.voucherAvailable(gameId);
      if (answer.ok) return ok({ kind: "vouchers", vouchers: answer.value.available });
      if (answer.error.code === 102) return ok({ kind: "none" });
      return err(answer.error.message);
    },
  });
}
