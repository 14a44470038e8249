// The checkout's promises, as the property test (tests/checkout/invariants.property.test.ts)
// states them, checked against facts read from outside the shop (store-facts.ts). Each
// invariant gets the list of what broke it, so one run names every promise that failed.
import type { OrderView } from "./buyer";
import type { Facts, ShopOrder, UpstreamOrder } from "./store-facts";

export const INVARIANTS = {
  final: "every order is final after the sweep",
  oneUpstream: "one upstream order per order (ext_order_id), and nothing upstream that is not ours",
  capturedIffDelivered: "captured ⇔ delivered",
  noOpenAuthorization: "no open authorization on a final order",
  upstreamDeliveredIffDelivered: "upstream status 2 ⇔ delivered",
  codeShown: "the code on the order page equals upstream's code",
  capturedOnce: "nothing captured twice",
  debits: "upstream debits equal the delivered orders' amount_charged",
} as const;

export type Invariant = keyof typeof INVARIANTS;

export const FINAL_STATES: ReadonlySet<string> = new Set(["completed", "failed", "refunded"]);
const DELIVERED = new Set(["delivered", "completed"]);

/** Decimal amounts on the Partner API's wire, in USD cents (the fixture's partner currency). */
const cents = (amount: number) => Math.round(amount * 100);

export function checkInvariants(facts: Facts, pages: Map<string, OrderView | null>, startBalance: number): Record<Invariant, string[]> {
  const broken = Object.fromEntries(Object.keys(INVARIANTS).map((name) => [name, [] as string[]])) as Record<Invariant, string[]>;
  const { orders, upstream, payments } = facts;

  for (const order of orders) {
    const label = describe(order);
    const placed = upstream.filter((u) => u.ext_order_id === order.id);
    const mine: UpstreamOrder | undefined = placed[0];
    const intents = payments.intents.filter((intent) => intent.metadata.order_id === order.id);
    const captured = intents.reduce((sum, intent) => sum + intent.amount_received, 0);
    const refunded = payments.refunds.filter((r) => intents.some((i) => i.id === r.payment_intent)).reduce((sum, r) => sum + r.amount, 0);
    const final = FINAL_STATES.has(order.state);
    const upstreamDelivered = mine?.order_status === 2;

    if (!final) broken.final.push(`${label} is still ${order.state} (${lastEvent(order)})`);

    if (placed.length > 1) broken.oneUpstream.push(`${label} has ${placed.length} upstream orders: ${placed.map((u) => u.order_id).join(", ")}`);

    if (order.state === "completed") {
      if (!upstreamDelivered) broken.capturedIffDelivered.push(`${label} completed but upstream shows ${mine?.order_status ?? "no order"}`);
      if (captured !== order.quote.price.minor) broken.capturedIffDelivered.push(`${label} completed with ${captured} captured of ${order.quote.price.minor}`);
      if (refunded !== 0) broken.capturedIffDelivered.push(`${label} completed yet ${refunded} refunded`);
    } else if (order.state === "refunded") {
      if (mine?.order_status !== 3) broken.capturedIffDelivered.push(`${label} refunded but upstream shows ${mine?.order_status ?? "no order"}`);
      if (refunded !== captured) broken.capturedIffDelivered.push(`${label} refunded ${refunded} of ${captured} captured`);
    } else if (order.state === "failed") {
      if (captured !== 0) broken.capturedIffDelivered.push(`${label} failed but ${captured} was captured`);
      if (upstreamDelivered) broken.capturedIffDelivered.push(`${label} failed although upstream delivered (order ${mine?.order_id})`);
    } else if (captured > 0 && !upstreamDelivered) {
      broken.capturedIffDelivered.push(`${label} has ${captured} captured while upstream shows ${mine?.order_status ?? "no order"}`);
    }

    if (final) {
      const open = intents.filter((intent) => intent.status === "requires_capture");
      if (open.length > 0) broken.noOpenAuthorization.push(`${label} leaves ${open.map((i) => i.id).join(", ")} authorized, neither captured nor cancelled`);
    }

    if (upstreamDelivered !== DELIVERED.has(order.state)) {
      broken.upstreamDeliveredIffDelivered.push(`${label}: upstream status ${mine?.order_status ?? "none"} (order ${mine?.order_id ?? "-"}), shop state ${order.state}`);
    }

    if (pages.has(order.id)) {
      const page = pages.get(order.id) ?? null;
      const wanted = upstreamDelivered ? { code: mine?.voucher_code ?? null, code_2: mine?.voucher_code_2 ?? null } : null;
      const shown = page?.delivery ? { code: page.delivery.code, code_2: page.delivery.code_2 } : null;
      if (page === null) broken.codeShown.push(`${label}: the order page did not answer`);
      else if (DELIVERED.has(order.state) && JSON.stringify(shown) !== JSON.stringify(wanted)) {
        broken.codeShown.push(`${label} shows ${JSON.stringify(shown)}, upstream has ${JSON.stringify(wanted)}`);
      } else if (!DELIVERED.has(order.state) && shown?.code) broken.codeShown.push(`${label} shows a code although not delivered`);
    }

    if (intents.length > 1) broken.capturedOnce.push(`${label} has ${intents.length} payments: ${intents.map((i) => i.id).join(", ")}`);
    if (captured > order.quote.price.minor) broken.capturedOnce.push(`${label} captured ${captured}, over its price ${order.quote.price.minor}`);
    for (const intent of intents) {
      const captures = payments.capturesByIntent.get(intent.id) ?? 0;
      if (captures > 1) broken.capturedOnce.push(`${label}: ${intent.id} was captured ${captures} times`);
      if (intent.amount_received > intent.amount) broken.capturedOnce.push(`${label}: ${intent.id} received ${intent.amount_received} of ${intent.amount}`);
    }
  }

  for (const foreign of upstream.filter((u) => !orders.some((o) => o.id === u.ext_order_id))) {
    broken.oneUpstream.push(`upstream order ${foreign.order_id} (ext ${foreign.ext_order_id ?? "none"}, status ${foreign.order_status}) is no order of ours`);
  }
  for (const unreadable of facts.upstreamUnreadable) broken.oneUpstream.push(`upstream order ${unreadable} could not be read`);

  const delivered = orders.filter((o) => o.state === "completed" || o.state === "delivered");
  const deliveredCost = delivered.reduce((sum, o) => sum + cents(upstream.find((u) => u.ext_order_id === o.id)?.amount_charged ?? Number.NaN), 0);
  const debited = cents(startBalance) - cents(facts.upstreamBalance);
  if (debited !== deliveredCost) {
    broken.debits.push(`upstream debited ${debited} cents; the ${delivered.length} delivered orders were charged ${deliveredCost}`);
  }
  return broken;
}

function describe(order: ShopOrder): string {
  const what = order.item.kind === "balance" ? `balance ${order.item.gameId}` : `${order.item.deliveryMethod ?? "voucher"} ${order.item.voucherId}`;
  return `order ${order.id} (${order.flow} ${what}, ${order.state}${order.reason ? `, ${order.reason}` : ""})`;
}

function lastEvent(order: ShopOrder): string {
  const last = order.events.at(-1);
  const ago = last ? `${Math.round((Date.now() - last.at) / 1000)} s ago` : "";
  return last ? `last event "${last.what}" ${ago}` : "no events";
}
