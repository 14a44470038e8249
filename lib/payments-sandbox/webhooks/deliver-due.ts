// Sends every webhook whose time has come, and reschedules failures with exponential backoff.
// Called after every request the sandbox handles and, where timers exist, when a delivery
// falls due; several instances may call it at once, so each delivery is claimed for a while
// (claim-delivery.ts) and leaves the queue only once the endpoint has accepted it: an
// instance that dies mid-POST loses nothing.
import type { SandboxContext } from "../context";
import { unixSeconds } from "../clock-ids";
import { claimDelivery } from "./claim-delivery";
import { deliveriesKey, eventOfMember } from "./emit-event";
import { settleDelivery } from "./settle-delivery";
import { signatureHeader } from "./sign";

const DELIVERY_TIMEOUT_MS = 10_000;
/** How long a claim keeps other instances off a delivery: longer than one POST may take. */
const CLAIM_MS = DELIVERY_TIMEOUT_MS + 5_000;

/**
 * Deliveries this process is making now, each to the time its claim lapses. Every request the
 * sandbox answers starts a run, and under load each run would otherwise try to claim (a KV
 * write) every delivery that another run of this process already holds: 50 buyers left
 * hundreds of webhooks seconds behind. The KV claim still keeps other processes off them.
 */
const inFlight = new WeakMap<SandboxContext, Map<string, number>>();

export async function deliverDue(context: SandboxContext): Promise<number> {
  const { store, config, clock } = context;
  const webhookUrl = config.webhookUrl;
  if (!webhookUrl) return 0;
  const due = await store.kv.zRangeByScore(deliveriesKey(context), { max: clock.now(), limit: 50 });
  if (config.faults.reorder) due.reverse();
  let mine = inFlight.get(context);
  if (!mine) inFlight.set(context, (mine = new Map()));
  let delivered = 0;
  for (const { member } of due) {
    const now = clock.now();
    if ((mine.get(member) ?? 0) > now) continue;
    mine.set(member, now + CLAIM_MS);
    try {
      if (await deliverOne(context, webhookUrl, member, now)) delivered += 1;
    } finally {
      mine.delete(member);
    }
  }
  return delivered;
}

/** Claims one due delivery and sends it; true when the endpoint accepted it. */
async function deliverOne(context: SandboxContext, webhookUrl: string, member: string, now: number): Promise<boolean> {
  const { store, config, clock } = context;
  const claim = store.key("claim", member);
  if (!(await store.kv.run(claimDelivery, { keys: { claim }, args: { now, claimUntil: now + CLAIM_MS, ttlMs: 86_400_000 } }))) return false;
  const eventId = eventOfMember(member);
  const event = await store.read("evt", eventId);
  const settle = (retryAtMs: number | "") => store.kv.run(settleDelivery, { keys: { deliveries: deliveriesKey(context), claim }, args: { member, retryAtMs } });
  if (event && (await post(context, webhookUrl, JSON.stringify(event, null, 2)))) {
    await settle("");
    return true;
  }
  const attempts = event ? await store.kv.incr(store.key("attempts", member), { ttlMs: 7 * 86_400_000 }) : config.maxAttempts;
  if (attempts >= config.maxAttempts) {
    await settle("");
    return false;
  }
  const wait = config.retryBaseMs * 2 ** (attempts - 1);
  await settle(clock.now() + wait);
  context.scheduler?.schedule(wait, () => void deliverDue(context));
  return false;
}

async function post(context: SandboxContext, url: string, payload: string): Promise<boolean> {
  const signature = signatureHeader(payload, context.config.webhookSecret, unixSeconds(context.clock));
  return context.postWebhook(url, {
    body: payload,
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
    timeoutMs: DELIVERY_TIMEOUT_MS,
  });
}
