// One upstream service and its vouchers, as the editor shows them next to what the owner wrote:
// upstream's words as placeholders, the settlement currency a top-up range is typed in, and the
// vouchers that can be hidden. Read through the catalogue's KV cache, never upstream directly.
import type { CatalogUnavailable } from "@/lib/catalog/catalog-unavailable";
import { cachedGamesList, cachedVouchers, type UpstreamCacheDeps } from "@/lib/catalog/upstream-cache";
import type { Service, Voucher } from "@/lib/partner/schemas";
import { ok, type Result } from "@/lib/result";

export interface UpstreamService {
  service: Service;
  /** null when upstream's list of vouchers cannot be read now (the checkboxes are not offered). */
  vouchers: Voucher[] | null;
}

/** The service as upstream lists it now; null when upstream no longer has it. */
export async function findUpstreamService(deps: UpstreamCacheDeps, serviceId: number): Promise<Result<Service | null, CatalogUnavailable>> {
  const games = await cachedGamesList(deps);
  if (!games.ok) return games;
  return ok(games.value.value.find((service) => service.id === serviceId) ?? null);
}

export async function readUpstreamService(deps: UpstreamCacheDeps, serviceId: number): Promise<Result<UpstreamService | null, CatalogUnavailable>> {
  const found = await findUpstreamService(deps, serviceId);
  if (!found.ok) return found;
  if (!found.value) return ok(null);
  if (found.value.type !== "voucher") return ok({ service: found.value, vouchers: [] });
  const list = await cachedVouchers(deps, serviceId);
  const vouchers = list.ok ? (list.value.value.kind === "vouchers" ? list.value.value.vouchers : []) : null;
  return ok({ service: found.value, vouchers });
}
