// Sends every webhook whose time has come, and reschedules failures with exponential backoff.
// Called after every request the sandbox handles and, where timers exist, when a delivery
// falls due; several instances may call it at once, so each delivery is claimed by removing
// it from the queue first.
import type { SandboxContext } from "../context";
import { unixSeconds } from "../clock-ids";
import { deliveriesKey, eventOfMember } from "./emit-event";
import { signatureHeader } from "./sign";

const DELIVERY_TIMEOUT_MS = 10_000;

export async function deliverDue(context: SandboxContext): Promise<number> {
  const { store, config, clock } = context;
  if (!config.webhookUrl) return 0;
  const due = await store.kv.zRangeByScore(deliveriesKey(context), { max: clock.now(), limit: 50 });
  if (config.faults.reorder) due.reverse();
  let delivered = 0;
  for (const { member } of due) {
    if (!(await store.kv.zRem(deliveriesKey(context), member))) continue;
    const eventId = eventOfMember(member);
    const event = await store.read("evt", eventId);
    if (!event) continue;
    if (await post(context, config.webhookUrl, JSON.stringify(event, null, 2))) {
      delivered += 1;
      continue;
    }
    const attempts = await store.kv.incr(store.key("attempts", member), { ttlMs: 7 * 86_400_000 });
    if (attempts >= config.maxAttempts) continue;
    const wait = config.retryBaseMs * 2 ** (attempts - 1);
    await store.kv.zAdd(deliveriesKey(context), clock.now() + wait, member);
    context.scheduler?.schedule(wait, () => void deliverDue(context));
  }
  return delivered;
}

async function post(context: SandboxContext, url: string, payload: string): Promise<boolean> {
  const signature = signatureHeader(payload, context.config.webhookSecret, unixSeconds(context.clock));
  try {
    const response = await context.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
      body: payload,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    // Unreachable endpoint or timeout: Stripe treats both as a failed attempt and retries.
    return false;
  }
}
