// GET /api/balance – spec 2.2: the fixture's partner with its current balance.
import { fromMinor } from "@/lib/money/minor-units";
import type { FixturePartner } from "../fixture/schema";
import { ok, type ApiResult } from "../http/error-result";
import type { EngineContext } from "./engine-context";

export async function balance(ctx: EngineContext, partner: FixturePartner): Promise<ApiResult> {
  return ok({
    partner_id: partner.partner_id,
    partner_name: partner.partner_name,
    user_name: partner.user_name,
    user_id: partner.user_id,
    balance: fromMinor(await ctx.store.getBalanceMinor(partner.partner_id)),
    currency: partner.currency,
  });
}
