// What decides whether an otherwise valid /api/pay can be served now, shared by both forms.
import type { FixtureService, FixtureVoucher } from "../fixture/schema";
import { errorResult, type ApiResult } from "../http/error-result";
import type { OrderPlan } from "../store/records";
import type { EngineContext } from "./engine-context";
import type { OrderDraft } from "./place-order";
import { supplierPlan, testPlan } from "./supplier-plan";

/** Either the answer to give now, or the order to create. */
export type PayCheck = { error: ApiResult } | { draft: OrderDraft };

/**
 * Availability (docs/partner-api-decisions.md item 24) and the supplier: a service that is not `avalible` is a 503
 * even in test mode; a voucher that is not is a 400; a real order whose supplier is
 * `unavailable` is a 503 with nothing created.
 */
export function orderPlanFor(
  ctx: EngineContext,
  service: FixtureService,
  voucher: FixtureVoucher | undefined,
  test: boolean,
  account: string | undefined,
): { error: ApiResult } | { plan: OrderPlan } {
  if (!service.avalible) return { error: errorResult(503, `service ${service.id} is temporarily unavailable`) };
  if (voucher && !voucher.avalible) return { error: errorResult(400, `voucher_id ${voucher.voucher_id} is not available`) };
  if (test) return { plan: testPlan(ctx.fixture, account) };
  const plan = supplierPlan(ctx.catalog.supplierFor(service, voucher));
  if (!plan) return { error: errorResult(503, `the supplier of service ${service.id} is temporarily unavailable`) };
  return { plan };
}
