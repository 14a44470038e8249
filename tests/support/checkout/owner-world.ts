// The shop's owner in a property world: refunds (in full or a part, a double submit of one form,
// two tabs at once, a later click with a new form), cancels and re-drives, each in one process
// that a fault may kill, sometimes racing a run of the checkout on the same order. Besides the
// actions, what the invariants need to judge them: the buyer's emails, and the state every
// accepted cancel found the order in, read from the Partner API sandbox at that moment (not from
// our record, which is what a cancel decides on).
import type { AdvanceDeps } from "@/lib/checkout/advance";
import { advance } from "@/lib/checkout/advance";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { cancelOrder, redriveOrder, refundOrder, type OwnerActionDeps } from "@/lib/checkout/owner-actions";
import type { OrderStore } from "@/lib/checkout/store/order-store";
import { KvError } from "@/lib/kv/kv-error";
import type { MailMessage, Mailer } from "@/lib/mail/mailer";
import { err, ok } from "@/lib/result";
import { Crash, InjectedThrow, type FaultPlan } from "./faults";

export const OWNER = { email: "owner@shop.test", ip: "203.0.113.9" };

/** An accepted cancel, with what upstream held for the order when the cancel was written. */
export interface AcceptedCancel {
  orderId: string;
  flow: OrderRecord["flow"];
  /** Our state the cancel moved out of. */
  from: OrderRecord["state"];
  /** Upstream's status for our ext_order_id then, or null when upstream had no such order. */
  upstreamStatus: number | null;
  /** Some /api/pay for this order had been sent before (answered or not): upstream may have it. */
  paySent: boolean;
}

/** A store that reports every cancel it writes (a save that moves an order to releasing for the shop). */
export function watchCancels(store: OrderStore, accepted: (before: OrderRecord) => Promise<void>): OrderStore {
  return {
    ...store,
    async save(current, change, letGo) {
      const saved = await store.save(current, change, letGo);
      if (saved.ok && change.to === "releasing" && change.patch?.reason === "cancelled_by_shop") await accepted(current.record);
      return saved;
    },
  };
}

type Outcome = "done" | "repeat" | "refused" | "threw" | "crashed";

interface OwnerWorldContext {
  deps: AdvanceDeps;
  plan: FaultPlan;
  orderAt: (index: number) => string | null;
  /** The schedule's orders, oldest first. */
  orders: readonly string[];
  /** An order as stored, read past the faults (the test looking, not the shop). */
  peek: (orderId: string) => Promise<OrderRecord | null>;
  settle: <T>(call: Promise<T>) => Promise<T | Crash>;
  /** What the checkout told the owner. */
  alerts: readonly { orderId: string; message: string }[];
}

export function ownerWorld({ deps, plan, orderAt, orders, peek, settle, alerts }: OwnerWorldContext) {
  /** Every email the buyer received. */
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      plan.assertAlive("mail");
      if (plan.take("mail", ["refused"])) return err({ code: "mail_failed", message: "injected: the mail server refused" });
      mails.push(message);
      return ok({ where: "memory" });
    },
  };
  /** The deps as the admin's server actions build them, with the current code key. */
  const ownerDeps = (): OwnerActionDeps => ({ ...deps, mailer, shopName: "Property Shop" });

  /** How each action ended, counted for the run's report: "refund:done", "cancel:refused:delivered", … */
  const tally = new Map<string, number>();
  const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);
  /** The last request id of each action on each order, for a later submit of the same form. */
  const lastRequest = new Map<string, string>();
  let requests = 0;
  function requestId(action: string, orderId: string, repeat: boolean): string {
    const last = lastRequest.get(`${action}:${orderId}`);
    if (repeat && last) return last;
    requests += 1;
    const id = `${action}-${String(requests).padStart(5, "0")}`;
    lastRequest.set(`${action}:${orderId}`, id);
    return id;
  }

  /**
   * `copies` submits of one request at once (and a run of the checkout on the order, if `race`)
   * in one process. A submit that throws is the admin's error page: only what a fault injected
   * may throw (a KV refusal, a step's surprise); anything else fails the schedule.
   */
  async function act(action: string, orderId: string, copies: number, race: boolean, submit: () => Promise<Answer>): Promise<void> {
    const calls: Promise<Answer | "threw">[] = Array.from({ length: copies }, () => submit().catch(injectedOnly));
    const racing = race ? advance(orderId, deps, { kind: "wake", reason: { kind: "any" } }) : Promise.resolve(null);
    const answers = await settle(Promise.all([Promise.all(calls), racing]));
    if (answers instanceof Crash) return void count(`${action}:crashed`);
    for (const answer of answers[0]) count(`${action}:${outcomeOf(answer)}`);
  }

  /**
   * The owner refunds what the admin offers to refund: the index-th completed order, when there
   * is one (most random picks would otherwise be refused as not completed); else any order.
   */
  async function refundable(index: number): Promise<string | null> {
    const completed: string[] = [];
    for (const id of orders) {
      if ((await peek(id))?.state === "completed") completed.push(id);
    }
    return completed.length > 0 ? (completed[index % completed.length] ?? null) : orderAt(index);
  }

  async function refund(index: number, percent: number | null, repeat: boolean, copies: number, race: boolean): Promise<void> {
    const orderId = await refundable(index);
    if (!orderId) return;
    const id = requestId("refund", orderId, repeat);
    const price = (await peek(orderId))?.quote.price ?? { minor: 1000, currency: "USD" };
    const amount = percent === null ? undefined : { minor: Math.max(1, Math.floor((price.minor * percent) / 100)), currency: price.currency };
    await act("refund", orderId, copies, race, () => refundOrder(ownerDeps(), { orderId, requestId: id, amount, reason: "property schedule" }, OWNER));
  }

  async function cancel(index: number, repeat: boolean, copies: number, race: boolean): Promise<void> {
    const orderId = orderAt(index);
    if (!orderId) return;
    const id = requestId("cancel", orderId, repeat);
    await act("cancel", orderId, copies, race, () => cancelOrder(ownerDeps(), { orderId, requestId: id }, OWNER));
  }

  async function redrive(index: number): Promise<void> {
    const orderId = orderAt(index);
    if (!orderId) return;
    const id = requestId("redrive", orderId, false);
    await act("redrive", orderId, 1, false, () => redriveOrder(ownerDeps(), { orderId, requestId: id }, OWNER));
  }

  /** The owner was told to look in Stripe's dashboard for this refund: it is no longer asked again. */
  const givenUp = (orderId: string, requestId: string) => alerts.some((a) => a.orderId === orderId && a.message.includes(`request ${requestId}`));

  /**
   * What the order page shows the owner as unfinished: a refund still pending (a part Stripe
   * did not answer and nobody gave up on; a full one whose order is refunded), or one done
   * whose buyer was not told and could be (the order's link still opens with the current code
   * key). The refund's answer tells the owner to re-drive it; after the schedule the owner
   * does, once per order and round.
   */
  function unfinishedRefund(order: OrderRecord): boolean {
    return (order.refunds ?? []).some(
      (entry) =>
        (entry.status === "pending" && (entry.kind === "full" ? order.state === "refunded" : !givenUp(order.id, entry.requestId))) ||
        (entry.status === "done" && !entry.buyerTold),
    );
  }

  /** The owner re-drives each order with an unfinished refund; true when there was any. */
  async function finishRefunds(records: OrderRecord[]): Promise<boolean> {
    const unfinished = records.filter(unfinishedRefund);
    for (const order of unfinished) {
      count("finish:redrive");
      await settle(redriveOrder(ownerDeps(), { orderId: order.id, requestId: requestId("redrive", order.id, false) }, OWNER)).catch(injectedOnly);
    }
    return unfinished.length > 0;
  }

  return { mails, ownerDeps, tally, refund, cancel, redrive, finishRefunds, givenUp };
}

function outcomeOf(answer: Answer | "threw"): Outcome | `refused:${string}` {
  if (answer === "threw") return "threw";
  if (!answer.ok) return `refused:${answer.error.code}`;
  return answer.value.repeat ? "repeat" : "done";
}

type Answer = { ok: true; value: { repeat: boolean } } | { ok: false; error: { code: string } };

function injectedOnly(error: unknown): "threw" {
  const injected = error instanceof InjectedThrow || error instanceof Crash || (error instanceof KvError && error.message.includes("injected"));
  if (injected) return "threw";
  throw error;
}
