// What upstream sells, reduced to what the owner reviews: each service's name, kind, currency and
// discount, and each voucher's name and cost as upstream gives it (compared exactly: a change of
// a cent is a change). Kept in KV as the state the owner last reviewed.
import { createHash } from "node:crypto";
import { z } from "zod";
import { ok, type Result } from "@/lib/result";
import type { CatalogUnavailable } from "../catalog-unavailable";
import { cachedGamesList, cachedVouchers, type UpstreamCacheDeps } from "../upstream-cache";

const voucherStateSchema = z.object({ id: z.number().int(), name: z.string(), cost: z.number(), currency: z.string() });

const serviceStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  currency: z.string(),
  discountPercent: z.number().nullable(),
  /** null when upstream's list could not be read: its vouchers are not compared. */
  vouchers: z.array(voucherStateSchema).nullable(),
});

export const upstreamSnapshotSchema = z.object({
  reviewedAt: z.number().int(),
  services: z.array(serviceStateSchema),
});

export type VoucherState = z.infer<typeof voucherStateSchema>;
export type ServiceState = z.infer<typeof serviceStateSchema>;
export type UpstreamSnapshot = z.infer<typeof upstreamSnapshotSchema>;

/** Voucher lists read at once: each is a KV read, or one upstream call when its copy is due. */
const PARALLEL_READS = 6;

/** Upstream as the shop's cache holds it now, services by id. */
export async function readUpstreamState(deps: UpstreamCacheDeps): Promise<Result<ServiceState[], CatalogUnavailable>> {
  const games = await cachedGamesList(deps);
  if (!games.ok) return games;
  const services = [...games.value.value].sort((a, b) => a.id - b.id);
  const states: ServiceState[] = [];
  for (let start = 0; start < services.length; start += PARALLEL_READS) {
    const batch = services.slice(start, start + PARALLEL_READS);
    states.push(
      ...(await Promise.all(
        batch.map(async (service): Promise<ServiceState> => {
          const base = { id: service.id, name: service.game_name, type: service.type, currency: service.currency, discountPercent: service.discount_percent };
          if (service.type !== "voucher") return { ...base, vouchers: [] };
          const list = await cachedVouchers(deps, service.id);
          if (!list.ok) return { ...base, vouchers: null };
          const vouchers = list.value.value.kind === "vouchers" ? list.value.value.vouchers : [];
          return {
            ...base,
            vouchers: vouchers
              .map((v) => ({ id: v.voucher_id, name: v.voucher_name, cost: v.amount, currency: v.currency }))
              .sort((a, b) => a.id - b.id),
          };
        }),
      )),
    );
  }
  return ok(states);
}

/** Names one state of upstream, so that "mark reviewed" can check it marks what the owner saw. */
export function stateFingerprint(services: readonly ServiceState[]): string {
  return createHash("sha256").update(JSON.stringify(services)).digest("base64url");
}
