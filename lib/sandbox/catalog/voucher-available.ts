// GET /api/voucher_available?game_id= – a voucher service's denominations (spec 4.4).
import { voucherAvailableQuerySchema } from "@/lib/partner/schemas";
import type { CatalogIndex } from "../catalog-index";
import type { FixturePartner } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";
import { parseWith } from "../http/parse-with";

export function createVoucherAvailable(catalog: CatalogIndex): (partner: FixturePartner, query: unknown) => ApiResult {
  return (partner, query) => {
    const parsed = parseWith(voucherAvailableQuerySchema, query);
    if (!parsed.ok) return parsed.error;
    const gameId = parsed.value.game_id;
    const service = catalog.service(gameId);
    // docs/partner-api-decisions.md items 8b and 24: existence, then access, then the kind of service (102 travels
    // as a 404), then availability of the service and of its vouchers.
    if (!service) return errorResult(404, `service ${gameId} not found`);
    if (!catalog.hasAccess(partner, gameId)) return errorResult(403, "no access to the service");
    if (service.type !== "voucher") return errorResult(102, "the service has a different top-up type");
    if (!service.avalible) return errorResult(103, "service temporarily unavailable");
    // Spec 4.4: 102 is "no available vouchers", so a service whose every voucher is switched
    // off answers 102 rather than a list with nothing to buy.
    if (!service.vouchers.some((v) => v.avalible)) return errorResult(102, "no available vouchers");
    return ok({ game_id: gameId, available: service.vouchers.map((v) => catalog.servedVoucher(v)) });
  };
}
