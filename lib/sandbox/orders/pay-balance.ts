// POST /api/pay for a `balance` service: what the request must satisfy beyond its shape, in
// the precedence of docs/partner-api-decisions.md item 8b (existence, access, request rules, availability; the
// balance itself is decided atomically when the order is committed).
import { applyDiscount, fromMinor, toMinor } from "@/lib/money/minor-units";
import type { BalancePayRequest } from "@/lib/partner/schemas";
import type { FixturePartner, FixtureService } from "../fixture/schema";
import { errorResult } from "../http/error-result";
import type { EngineContext } from "./engine-context";
import { orderPlanFor, type PayCheck } from "./pay-availability";

export function checkBalancePay(ctx: EngineContext, partner: FixturePartner, request: BalancePayRequest): PayCheck {
  const service = ctx.catalog.service(request.game_id);
  if (!service) return { error: errorResult(404, `game_id ${request.game_id} not found`) };
  if (!ctx.catalog.hasAccess(partner, service.id)) return { error: errorResult(403, "no access to the service") };
  if (service.type !== "balance") {
    return { error: errorResult(400, `game_id ${service.id} is a voucher service: order it with voucher_id`) };
  }
  if (request.account.trim() === "") return { error: errorResult(400, "account is required") };
  const amountProblem = checkAmount(service, request.amount);
  if (amountProblem) return { error: errorResult(400, amountProblem) };
  const plan = orderPlanFor(ctx, service, undefined, request.test === 1, request.account);
  if ("error" in plan) return plan;

  const amountMinor = toMinor(request.amount);
  return {
    draft: {
      partnerId: partner.partner_id,
      extOrderId: request.ext_order_id ?? null,
      test: request.test === 1,
      reservation: false,
      activation: false,
      kind: "balance",
      gameId: service.id,
      gameName: service.game_name,
      gameCurrency: service.currency,
      voucherId: null,
      voucherName: null,
      gameCoins: null,
      deliveryMethod: null,
      account: request.account,
      amountMinor,
      amountCurrency: service.currency,
      chargedMinor: applyDiscount(amountMinor, service.discount_percent ?? 0),
      chargedCurrency: service.currency,
      discountRate: service.discount_percent,
      codeParts: 1,
      codeValidDays: 0,
      plan: plan.plan,
      deliveryMaxMs: service.delivery_time_max_minutes * 60_000,
    },
  };
}

/** "invalid amount" of 4.5: positive, whole cents, within the service's bounds. */
function checkAmount(service: FixtureService, amount: number): string | null {
  const minor = toMinor(amount);
  if (!(amount > 0) || minor <= 0) return "amount must be greater than 0";
  if (Math.abs(minor - amount * 100) > 1e-6 * Math.max(1, Math.abs(amount * 100))) {
    return "amount must have at most 2 decimals";
  }
  if (service.min_amount !== null && minor < toMinor(service.min_amount)) {
    return `amount must be at least ${fromMinor(toMinor(service.min_amount)).toFixed(2)}`;
  }
  if (service.max_amount !== null && minor > toMinor(service.max_amount)) {
    return `amount must be at most ${fromMinor(toMinor(service.max_amount)).toFixed(2)}`;
  }
  return null;
}
