// Spec 2.4 (a denomination of /api/voucher_available) → the storefront's Denomination, priced.
import type { AccountField, Voucher } from "@/lib/partner/schemas";
import { moneyFromDecimal } from "@/lib/money/decimal";
import type { PricingRules } from "@/lib/pricing/compile-rules";
import { priceVoucher } from "@/lib/pricing/price-voucher";
import type { AccountForm, Denomination } from "./types";

/** The service a voucher belongs to, as its pricing rules are chosen (service id, brand). */
export interface VoucherOwner {
  serviceId: number;
  brand: string;
}

export function toDenomination(voucher: Voucher, owner: VoucherOwner, rules: PricingRules): Denomination {
  // The cost is read in its own currency's minor unit and rounded up, so a price is never below it.
  const cost = moneyFromDecimal(voucher.amount, voucher.currency, "up");
  const face = moneyFromDecimal(voucher.origin_price, voucher.origin_currency);
  const faceValue = face.ok ? face.value : null;
  const price = cost.ok ? priceVoucher({ cost: cost.value, faceValue, serviceId: owner.serviceId, voucherId: voucher.voucher_id, brand: owner.brand }, rules) : cost;
  const unavailableReason = !voucher.avalible ? "out_of_stock" : price.ok ? null : price.error.code === "no_rate" ? "not_priced" : "not_for_sale";
  return {
    voucherId: voucher.voucher_id,
    name: voucher.voucher_name,
    gameCoins: voucher.game_coins,
    price: price.ok ? price.value.price : null,
    faceValue,
    deliveryMethod: voucher.delivery_method,
    available: unavailableReason === null,
    unavailableReason,
    account: voucher.account_need ? accountFormOf(voucher) : null,
    playerCheck: voucher.account_check,
  };
}

/**
 * Several values come with account_fields and a separator (spec 2.4 rule 2); a single value
 * only names its identifier in account_format (rule 3), so one field is made from that name.
 */
export function accountFormOf(voucher: Voucher): AccountForm {
  const format = voucher.account_format ?? "account";
  if (voucher.account_fields?.length && voucher.account_separator) {
    return {
      format,
      separator: voucher.account_separator,
      fields: [...voucher.account_fields].sort((a, b) => a.position - b.position),
    };
  }
  const name = format.replace(/^<|>$/g, "") || "account";
  return { format, separator: null, fields: [singleField(name)] };
}

function singleField(name: string): AccountField {
  const label = name.replace(/[_-]+/g, " ").replace(/\bid\b/gi, "ID").replace(/^\w/, (c) => c.toUpperCase());
  return { name, type: "input", label, prefix: "", label_zh: "", position: 1, multiline: false, placeholder: "" };
}
