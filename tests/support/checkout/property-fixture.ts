// The world's catalogue: the sample fixture with one reserved voucher, a plain card, a direct
// top-up and a wallet balance, the partner's balance and notification settings, and every
// supplier set to the schedule's outcome. And what each flow buys, with the quote it froze.
import type { OrderItem, OrderRecord } from "@/lib/checkout/order-record";
import { PARTNER_NOTIFY_HEADER } from "@/lib/partner/notify-contract";
import { fixtureSchema } from "@/lib/sandbox/fixture/schema";
import { sampleFixture } from "@/tests/support/sandbox/sample-fixture";

export type Flow = "reservation" | "pay_first_code" | "direct_topup" | "balance";
export type SupplierOutcome = "success" | "error" | "refund_after" | "stall";

export interface WorldParams {
  /** The service notifies the shop of every change (with our secret), or the shop must ask. */
  notifications: boolean;
  supplier: SupplierOutcome;
  supplierLatencySeconds: number;
  /** Partner balance in USD: enough for everything, or low enough to answer 402. */
  partnerBalance: number;
  reservationSeconds: number;
  /**
   * false: no lease at all, every run that asks for one gets it, so runs of one order act at
   * the same time: what keeps the promises is the compare-and-sets alone.
   */
  leases: boolean;
}

export const NOTIFY_SECRET = "property-secret";
export const PARTNER_ID = 1;

/** What a flow buys, and what the quote froze (the charge check fires when `cost` is below upstream's). */
export const ITEMS: Record<Flow, { item: OrderItem; flow: OrderRecord["flow"]; account: string | null; cost: number; price: number }> = {
  reservation: {
    item: { kind: "voucher", gameId: 10, voucherId: 1001, name: "Sample Gift Card 10 USD", deliveryMethod: "voucher_code" },
    flow: "reservation",
    account: null,
    cost: 950,
    price: 1045,
  },
  pay_first_code: {
    item: { kind: "voucher", gameId: 40, voucherId: 4001, name: "Plain Card 4 USD", deliveryMethod: "voucher_code" },
    flow: "pay_first",
    account: null,
    cost: 400,
    price: 440,
  },
  direct_topup: {
    item: { kind: "voucher", gameId: 20, voucherId: 2001, name: "100 Diamonds", deliveryMethod: "direct_topup" },
    flow: "pay_first",
    account: "111|22",
    cost: 198,
    price: 218,
  },
  balance: {
    item: { kind: "balance", gameId: 30, name: "Sample Wallet", amount: { minor: 1000, currency: "USD" } },
    flow: "pay_first",
    account: "wallet-owner",
    cost: 980,
    price: 1078,
  },
};

/** The Partner API sandbox's fixture for one schedule. */
export function propertyFixture(params: WorldParams) {
  const raw = sampleFixture();
  raw.reservation_ttl_seconds = params.reservationSeconds;
  const partner = raw.partners[0];
  if (!partner) throw new Error("sample fixture has no partner");
  partner.balance = params.partnerBalance;
  if (params.notifications) {
    partner.notify_url = "https://shop.test/api/webhooks/partner";
    partner.notify_headers = { [PARTNER_NOTIFY_HEADER]: NOTIFY_SECRET };
  }
  const [reserved] = raw.services;
  if (reserved) reserved.request = true;
  raw.services.push({
    id: 40,
    game_name: "Plain Card",
    type: "voucher",
    currency: "USD",
    vouchers: [
      {
        voucher_id: 4001,
        voucher_name: "Plain Card 4 USD",
        amount: 4,
        currency: "USD",
        game_coins: 4,
        origin_price: 4,
        origin_currency: "USD",
        discount_rate: 0,
        account_need: false,
        delivery_method: "voucher_code",
      },
    ],
  });
  for (const service of raw.services) {
    service.supplier = { outcome: params.supplier, latency_seconds: params.supplierLatencySeconds, refund_after_seconds: 120 };
  }
  return fixtureSchema.parse(raw);
}
