import type { DeliveryMethod } from "@/lib/partner/schemas";

/** Spec 1: `voucher_code` hands the buyer a code; `direct_topup` credits their account. */
export const DELIVERY_METHOD_WORDS: Record<DeliveryMethod, string> = {
  voucher_code: "You get a code",
  direct_topup: "We top up your account directly",
};
