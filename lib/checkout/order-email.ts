// The order email — the buyer's link to their order — sent after the checkout has answered, so
// the buyer does not wait for it, with KV as its outbox: the order is created with its email
// marked pending (ORDER_KEYS.mail, in the same script), the request sends it once it has
// answered (after() in the route), and the sweep sends whatever is still pending a grace period
// later: a process that dies after answering loses no email. A claim with a TTL keeps the two
// from both sending; a sender that dies mid-send lets its claim lapse, and the sweep tries again.
// A sent email turns its claim into a "sent" mark for a day, so a sweep that listed the order
// before it left the outbox cannot send it twice.
import type { Mailer, MailMessage } from "@/lib/mail/mailer";
import type { AdvanceDeps } from "./advance";
import type { DeadlineAlarm } from "./deadline-alarm";
import type { OrderRecord } from "./order-record";
import { productName } from "./public-order";
import { orderEmailSentScript } from "./store/order-email-sent-script";
import { ORDER_KEYS } from "./store/order-store";

export interface OrderEmailDeps extends Pick<AdvanceDeps, "kv" | "store" | "vault" | "clock" | "orderLink"> {
  mailer: Mailer;
  shopName: string;
  /**
   * Told of a failed send, so a scheduler tries again within a minute instead of waiting for
   * the sweep. Left out where the caller retries itself (a QStash delivery answers 503).
   */
  alarm?: Pick<DeadlineAlarm, "email">;
}

/** A failed order email is tried again this long after, when a scheduler is there to do it. */
export const ORDER_EMAIL_RETRY_MS = 15_000;

/** Longer than any send: SMTP's own timeouts are well under this. */
const CLAIM_MS = 60_000;
/** Far longer than a sweep's list can be old. */
const SENT_MS = 24 * 3600_000;

const claimKey = (orderId: string) => `checkout:mail-claim:${orderId}`;

export type OrderEmailOutcome = "sent" | "taken" | "gone" | "failed";

/**
 * What the checkout that created the order still holds once it has answered: the order and its
 * capability key, which is stored nowhere the sweep could read it but sealed in the record.
 */
export interface OrderInHand {
  order: OrderRecord;
  capabilityKey: string;
}

/**
 * Send one order's email if it is still pending and nobody else is sending it. `inHand`: the
 * checkout's own order and key, so its email is built without reading the order back and
 * opening its sealed key (a KV read and an AES-GCM open per checkout); what the email says
 * (address, product, price, language, test) never changes after the order's creation, and
 * the claim and the outbox entry stay the same (docs/architecture-decisions.md item 245).
 */
export async function sendOrderEmail(orderId: string, deps: OrderEmailDeps, inHand?: OrderInHand): Promise<OrderEmailOutcome> {
  if (!(await deps.kv.setIfAbsent(claimKey(orderId), "sending", { ttlMs: CLAIM_MS }))) return "taken";
  const found = inHand ?? (await readOrderAndKey(orderId, deps));
  if (!found) {
    await deps.kv.zRem(ORDER_KEYS.mail, orderId);
    return "gone";
  }
  const mail = await deps.mailer.send(await orderEmailFor(found.order, found.capabilityKey, deps));
  if (!mail.ok) {
    // Logged without the link (the key to the code). The claim goes: nothing is being sent now,
    // and the scheduler's retry of this deadline (lib/scheduler) must not find it taken.
    console.error(`[checkout] order ${orderId}: order email not sent: ${mail.error.message}`);
    await deps.kv.del(claimKey(orderId));
    await deps.alarm?.email(orderId, deps.clock.now() + ORDER_EMAIL_RETRY_MS).catch((error: unknown) => console.error(`[checkout] order ${orderId}: email retry not scheduled: ${String(error)}`));
    return "failed";
  }
  await deps.kv.run(orderEmailSentScript, { keys: { claim: claimKey(orderId), outbox: ORDER_KEYS.mail }, args: { member: orderId, ttlMs: SENT_MS } });
  return "sent";
}

/** The order and the key its link carries, or null (logged) when there is none to send. */
async function readOrderAndKey(orderId: string, deps: OrderEmailDeps): Promise<OrderInHand | null> {
  const read = await deps.store.read(orderId);
  const key = read.ok ? deps.vault.open(read.value.record.capabilitySealed, orderId) : null;
  if (read.ok && key?.ok) return { order: read.value.record, capabilityKey: key.value };
  // No order (or no key to link with) can never be sent: the entry goes, the owner is told.
  console.error(`[checkout] order ${orderId}: order email cannot be sent (${read.ok ? "capability key does not open" : read.error.code})`);
  return null;
}

/**
 * The order email of `order`, linking with its capability key (also what the admin's resend
 * sends). Its words (both languages' messages and next-intl) are loaded at the first email,
 * which a checkout sends after its answer (docs/architecture-decisions.md item 234).
 */
export async function orderEmailFor(order: OrderRecord, capabilityKey: string, deps: Pick<OrderEmailDeps, "orderLink" | "shopName">): Promise<MailMessage> {
  const { orderLinkEmail } = await import("@/lib/mail/order-link-email");
  return orderLinkEmail({
    to: order.email,
    orderId: order.id,
    product: productName(order),
    price: order.quote.price,
    link: deps.orderLink(order.id, capabilityKey, order.locale),
    shopName: deps.shopName,
    test: order.test,
    locale: order.locale ?? "en",
  });
}

/**
 * The outbox's net: send the emails still pending past their grace period, oldest first, until
 * none is left or the time budget (`until`, clock ms) is spent; each once per run.
 */
export async function sweepOrderEmails(deps: OrderEmailDeps, until = Number.POSITIVE_INFINITY): Promise<Record<OrderEmailOutcome, number>> {
  const report: Record<OrderEmailOutcome, number> = { sent: 0, taken: 0, gone: 0, failed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = await deps.kv.zRangeByScore(ORDER_KEYS.mail, { max: deps.clock.now(), limit: seen.size + 100 });
    const fresh = due.filter(({ member }) => !seen.has(member));
    if (fresh.length === 0) return report;
    for (const { member } of fresh) {
      if (deps.clock.now() >= until) return report;
      seen.add(member);
      report[await sendOrderEmail(member, deps).catch(failedOn(member))] += 1;
    }
  }
}

/** KV trouble while sending: the email stays pending for the next sweep. */
export function failedOn(orderId: string): (error: unknown) => OrderEmailOutcome {
  return (error) => {
    console.error(`[checkout] order ${orderId}: order email not sent: ${String(error)}`);
    return "failed";
  };
}
