// Lookups over the fixture's catalogue, built once per sandbox. The served shapes of spec 2.3
// and 2.4 are derived here so that /api/gameslist and /api/voucher_available stay cheap.
import type { Service, Voucher } from "@/lib/partner/schemas";
import type { Fixture, FixturePartner, FixtureService, FixtureVoucher, Supplier } from "./fixture/schema";

export interface VoucherEntry {
  service: FixtureService;
  voucher: FixtureVoucher;
}

export interface CatalogIndex {
  service(id: number): FixtureService | undefined;
  voucher(id: number): VoucherEntry | undefined;
  hasAccess(partner: FixturePartner, serviceId: number): boolean;
  /** The service as /api/gameslist serves it (spec 2.3, computed fields of docs/partner-api-decisions.md item 26). */
  servedService(service: FixtureService): Service;
  /** The voucher as /api/voucher_available serves it (spec 2.4; fixture-only fields dropped). */
  servedVoucher(voucher: FixtureVoucher): Voucher;
  /** The supplier simulation that applies to an order of this service/voucher. */
  supplierFor(service: FixtureService, voucher?: FixtureVoucher): Supplier;
}

export function buildCatalogIndex(fixture: Fixture): CatalogIndex {
  const services = new Map(fixture.services.map((s) => [s.id, s]));
  const vouchers = new Map<number, VoucherEntry>();
  for (const service of fixture.services) {
    for (const voucher of service.vouchers) vouchers.set(voucher.voucher_id, { service, voucher });
  }
  const served = new Map<number, Service>();

  return {
    service: (id) => services.get(id),
    voucher: (id) => vouchers.get(id),
    hasAccess: (partner, serviceId) => partner.service_ids === null || partner.service_ids.includes(serviceId),
    servedService(service) {
      let result = served.get(service.id);
      if (!result) {
        result = serveService(service);
        served.set(service.id, result);
      }
      return result;
    },
    servedVoucher: serveVoucher,
    supplierFor: (service, voucher) => voucher?.supplier ?? service.supplier,
  };
}

function serveService(s: FixtureService): Service {
  const rates = s.vouchers.map((v) => v.discount_rate);
  return {
    id: s.id,
    game_name: s.game_name,
    brand: s.brand,
    country: s.country,
    region: s.region,
    platform: s.platform,
    delivery_time_target_minutes: s.delivery_time_target_minutes,
    delivery_time_max_minutes: s.delivery_time_max_minutes,
    description: s.description,
    type: s.type,
    activation: s.activation,
    currency: s.currency,
    avalible: s.avalible,
    request: s.request,
    account_check: s.account_check,
    discount_percent: s.discount_percent,
    has_voucher_discounts: rates.some((r) => r > 0),
    max_voucher_discount_percent: rates.length ? Math.max(...rates) : null,
    min_voucher_discount_percent: rates.length ? Math.min(...rates) : null,
  };
}

function serveVoucher(v: FixtureVoucher): Voucher {
  const body: Voucher = {
    avalible: v.avalible,
    voucher_id: v.voucher_id,
    voucher_name: v.voucher_name,
    amount: v.amount,
    currency: v.currency,
    game_coins: v.game_coins,
    origin_price: v.origin_price,
    origin_currency: v.origin_currency,
    discount_rate: v.discount_rate,
    account_need: v.account_need,
    account_check: v.account_check,
    delivery_method: v.delivery_method,
  };
  if (v.account_format !== undefined) body.account_format = v.account_format;
  if (v.account_separator !== undefined) body.account_separator = v.account_separator;
  if (v.account_fields !== undefined) body.account_fields = v.account_fields;
  return body;
}
