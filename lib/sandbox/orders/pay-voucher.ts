// POST /api/pay for a `voucher` service: voucher_code and direct_topup, activation and
// reservation, checked in the precedence of docs/partner-api-decisions.md item 8b.
import { toMinor } from "@/lib/money/minor-units";
import type { VoucherPayRequest } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import { errorResult } from "../http/error-result";
import { checkVoucherAccount } from "./account-rules";
import type { EngineContext } from "./engine-context";
import { orderPlanFor, type PayCheck } from "./pay-availability";
import { isTestAccount } from "./supplier-plan";

export function checkVoucherPay(ctx: EngineContext, partner: FixturePartner, request: VoucherPayRequest): PayCheck {
  const entry = ctx.catalog.voucher(request.voucher_id);
  if (!entry) return { error: errorResult(404, `voucher_id ${request.voucher_id} not found`) };
  const { service, voucher } = entry;
  if (!ctx.catalog.hasAccess(partner, service.id)) return { error: errorResult(403, "no access to the service") };

  const test = request.test === 1;
  const activation = request.activation === 1;
  if (activation && (service.activation !== "auto" || voucher.delivery_method === "direct_topup")) {
    return { error: errorResult(400, "activation is not available for this voucher") };
  }
  const reservation = request.request === 1;
  if (reservation && !service.request) {
    return { error: errorResult(400, "reservation (request=1) is not available for this service") };
  }
  const accountError = checkVoucherAccount(voucher, request.account, {
    isTestAccount: test && isTestAccount(ctx.fixture, request.account),
  });
  if (accountError) return { error: accountError };
  const plan = orderPlanFor(ctx, service, voucher, test, request.account);
  if ("error" in plan) return plan;

  return {
    draft: {
      partnerId: partner.partner_id,
      extOrderId: request.ext_order_id ?? null,
      test,
      reservation,
      activation,
      kind: "voucher",
      gameId: service.id,
      gameName: service.game_name,
      gameCurrency: service.currency,
      voucherId: voucher.voucher_id,
      voucherName: voucher.voucher_name,
      gameCoins: voucher.game_coins,
      deliveryMethod: voucher.delivery_method,
      account: request.account === undefined || request.account === "" ? null : request.account,
      amountMinor: toMinor(voucher.origin_price),
      amountCurrency: voucher.origin_currency,
      chargedMinor: toMinor(voucher.amount),
      chargedCurrency: voucher.currency,
      discountRate: voucher.discount_rate,
      codeParts: voucher.code_parts,
      codeValidDays: voucher.code_valid_days,
      plan: plan.plan,
      deliveryMaxMs: service.delivery_time_max_minutes * 60_000,
    },
  };
}
