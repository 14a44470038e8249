// Every voucher of the cached catalogue as the preview prices it: read through the same KV
// cache the storefront reads (no extra upstream call when the copies are fresh). Balance
// top-ups have no fixed cost to preview, so they are left out.
import type { CatalogUnavailable } from "./catalog-unavailable";
import { brandOf } from "./map-service";
import { cachedGamesList, cachedVouchers, type UpstreamCacheDeps } from "./upstream-cache";
import { moneyFromDecimal } from "@/lib/money/decimal";
import { ok, type Result } from "@/lib/result";
import type { PreviewVoucher } from "@/lib/pricing/preview-rule-change";

export async function catalogVouchers(deps: UpstreamCacheDeps): Promise<Result<PreviewVoucher[], CatalogUnavailable>> {
  const games = await cachedGamesList(deps);
  if (!games.ok) return games;
  const vouchers: PreviewVoucher[] = [];
  for (const service of games.value.value.filter((s) => s.type === "voucher")) {
    const list = await cachedVouchers(deps, service.id);
    if (!list.ok || list.value.value.kind !== "vouchers") continue;
    for (const voucher of list.value.value.vouchers) {
      const cost = moneyFromDecimal(voucher.amount, voucher.currency, "up");
      if (!cost.ok) continue;
      const face = moneyFromDecimal(voucher.origin_price, voucher.origin_currency);
      vouchers.push({
        serviceId: service.id,
        voucherId: voucher.voucher_id,
        brand: brandOf(service),
        name: voucher.voucher_name,
        serviceName: service.game_name,
        cost: cost.value,
        faceValue: face.ok ? face.value : null,
      });
    }
  }
  return ok(vouchers);
}
