// POST /api/checkout: validate everything the buyer sent before anything is created, start the
// checkout (order stored, reserved or paid-first, payment page opened), answer where to pay
// and where to follow the order, and email the order link once answered (order-email.ts).
// Its origin and rate limit are the route wrapper's (lib/http/route.ts): the limit is counted as
// the request arrives and asked here, between the reads and the first write, so that its count
// shares a KV round trip with the quote's reads.
import { json, problem } from "@/lib/http/json-answer";
import { readJsonRequest } from "@/lib/http/json-request";
import type { Gate } from "@/lib/http/route";
import type { Mailer } from "@/lib/mail/mailer";
import type { Locale } from "@/lib/i18n/locales";
import { checkoutRequestSchema } from "../checkout-request";
import type { CheckoutScreen, ScreenRefusal } from "@/lib/fraud/checkout-screen";
import type { BuyerFacts } from "../fraud-facts";
import { failedOn, sendOrderEmail } from "../order-email";
import { placeOrder, quoteCheckout, type StartCheckoutDeps, type StartCheckoutError } from "../start-checkout";

export interface PostCheckoutDeps {
  /** Resolved only once the request is valid. */
  start(): Promise<StartCheckoutDeps>;
  mailer: Mailer;
  publicOrigin: string;
  shopName: string;
  /** The order page path for an id and capability key, in the buyer's language (lib/shop/checkout.ts). */
  orderPath(orderId: string, key: string, locale?: Locale): string;
  /**
   * Runs a task once the answer is sent (next/server's after()). Without it the task runs
   * before answering. Either way the outbox's sweep sends what a dead process did not.
   */
  later?(task: () => Promise<unknown>): void;
  /** Screening before anything is reserved (lib/fraud, wired in lib/shop/fraud.ts); without it every valid request is taken. */
  screen?: CheckoutScreen;
  /** The buyer's IP, its country and user agent, as the deployment vouches for them (lib/shop/buyer-facts.ts). */
  buyerFacts?(request: Request): BuyerFacts;
}

/** The 201 body. */
export interface CheckoutCreated {
  order_id: string;
  status: string;
  /** The payment page; null when the order could not be offered for payment (the order page says why). */
  payment_url: string | null;
  order_url: string;
}

const MAX_BODY_BYTES = 4096;
const ADMIT_ALL: Gate = { admitted: async () => true };

/** `gate`: the route's rate limit (lib/shop/checkout.ts); without one every request is admitted. */
export async function postCheckout(request: Request, deps: PostCheckoutDeps, gate: Gate = ADMIT_ALL): Promise<Response> {
  const parsed = await readJsonRequest(request, checkoutRequestSchema, MAX_BODY_BYTES);
  if (!parsed.ok) return parsed.error;

  const startDeps = await deps.start();
  // Screening's reads are sent in the same breath as the quote's, so that they share its rounds.
  const screening = deps.screen?.begin(request, parsed.value);
  const [admitted, quoted] = await Promise.all([gate.admitted(), quoteCheckout(parsed.value, startDeps)]);
  // Over its limit: nothing is judged or written, and the wrapper answers 429.
  if (!admitted) return problem("rate_limited", "Too many requests.");
  if (!quoted.ok) return refused(quoted.error);
  // Judged on the quoted price, before the sale check holds anything or upstream reserves; the
  // velocity count it hands back goes with the sale check's hold (placeOrder).
  const screened = await screening?.judge(quoted.value.quoted.quote.price);
  if (screened && !screened.ok) return screenRefused(screened.error);
  const started = await placeOrder({ ...quoted.value, buyer: deps.buyerFacts?.(request), screenCount: screened?.value }, startDeps);
  if (!started.ok) return refused(started.error);
  const { order, capabilityKey } = started.value;
  const orderUrl = `${deps.publicOrigin}${deps.orderPath(order.id, capabilityKey, order.locale)}`;

  // The buyer has the link in this answer, so the email need not hold it up; a lost email
  // must not lose the order, and one that was not sent stays pending for the sweep.
  const email = () => sendOrderEmail(order.id, { ...startDeps.orders, mailer: deps.mailer, shopName: deps.shopName }, { order, capabilityKey }).catch(failedOn(order.id));
  if (deps.later) deps.later(email);
  else await email();

  const created: CheckoutCreated = {
    order_id: order.id,
    status: order.state,
    payment_url: order.state === "awaiting_payment" ? order.payment.url : null,
    order_url: orderUrl,
  };
  return json(created, 201, { Location: orderUrl });
}

function screenRefused(error: ScreenRefusal): Response {
  return problem(error.code, error.message);
}

function refused(error: StartCheckoutError): Response {
  switch (error.code) {
    // Well-formed, but the product refuses the account, amount or activation.
    case "invalid":
      return problem("refused", error.message, { field: error.field });
    case "not_found":
      return problem("not_found", error.message, { field: error.field });
    case "unavailable":
      return problem("not_available", error.message);
    // The owner paused sales, or the partner balance cannot cover it: 409 like anything unavailable.
    case "sales_paused":
    case "balance_low":
      return problem(error.code, error.message);
    case "catalog_unavailable":
    case "orders_unavailable":
      return problem(error.code, error.message);
    case "screened_out":
      return screenRefused(error.refusal);
  }
}
