// The two catalogue reads of the Partner API, cached in KV with stale-while-revalidate.
// 102 on /api/voucher_available is an answer ("nothing to sell right now") and is cached like
// one; 103, 503, timeouts and the like are failures that leave the last good copy in place.
import type { Kv } from "@/lib/kv/kv";
import type { PartnerClient, PartnerError } from "@/lib/partner/client";
import type { Service, Voucher } from "@/lib/partner/schemas";
import type { Clock } from "@/lib/time/clock";
import { readThrough, type Cached, type Loaded } from "./stale-while-revalidate";

export interface UpstreamCacheDeps {
  client: PartnerClient;
  kv: Kv;
  clock: Clock;
  ttlMs: number;
  /** Fingerprint of the upstream (lib/config/upstream-fingerprint.ts), part of every key. */
  upstream: string;
}

export type VoucherList = { kind: "vouchers"; vouchers: Voucher[] } | { kind: "none" };

export const CATALOG_KEYS = {
  gamesList: (upstream: string) => `catalog:${upstream}:gameslist`,
  vouchers: (upstream: string, gameId: number) => `catalog:${upstream}:vouchers:${gameId}`,
};

export function cachedGamesList(deps: UpstreamCacheDeps): Promise<Cached<Service[]> | { failure: string }> {
  return readThrough<Service[]>({
    ...deps,
    key: CATALOG_KEYS.gamesList(deps.upstream),
    async load() {
      const answer = await deps.client.gamesList();
      if (answer.ok) return { ok: true, value: answer.value.available_games };
      // 404: "no available services" – an empty shop is an answer, not an outage.
      if (answer.error.code === 404) return { ok: true, value: [] };
      return failed(answer.error);
    },
  });
}

export function cachedVouchers(deps: UpstreamCacheDeps, gameId: number): Promise<Cached<VoucherList> | { failure: string }> {
  return readThrough<VoucherList>({
    ...deps,
    key: CATALOG_KEYS.vouchers(deps.upstream, gameId),
    async load(): Promise<Loaded<VoucherList>> {
      const answer = await deps.client.voucherAvailable(gameId);
      if (answer.ok) return { ok: true, value: { kind: "vouchers", vouchers: answer.value.available } };
      if (answer.error.code === 102) return { ok: true, value: { kind: "none" } };
      return failed(answer.error);
    },
  });
}

function failed(error: PartnerError): { ok: false; failure: string } {
  return { ok: false, failure: error.message };
}
