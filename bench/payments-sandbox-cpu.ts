// npx tsx bench/payments-sandbox-cpu.ts – the payments sandbox's CPU per purchase by itself: its
// process as the checkout benches start it (bench/lib/checkout-services.ts), driven through the
// stripe package with the calls a purchase makes of it (the session, the hosted page's Pay with
// 4242, the session read with its intent, the intent's charges, the capture) and its webhooks
// answered 200 by a bare endpoint here, so neither the shop nor a next build takes part.
// PURCHASES (300) after a warm-up of 50, BUYERS (4) at a time; the CPU is the sandbox process's
// from /proc, read once the webhooks it queued are sent. SANDBOX_PROFILE=1 runs it under
// `node --cpu-prof` and prints the sampled split per purchase (bench/lib/profile-split.ts).
// SANDBOX_PORT (3500) is the webhook endpoint's port; the sandboxes take the next two.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { startCheckoutServices } from "./lib/checkout-services";
import { PAYMENTS_SANDBOX_BUCKETS, profileSplit } from "./lib/profile-split";

const PURCHASES = Number(process.env.PURCHASES ?? 300);
const BUYERS = Number(process.env.BUYERS ?? 4);
const PROFILE = process.env.SANDBOX_PROFILE === "1";
const PORT = Number(process.env.SANDBOX_PORT ?? 3500);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "payments-sandbox-cpu-"));
  const profiles = join(dir, "profiles");
  // The shop's webhook route, reduced to taking the event: its own work is the shop's CPU.
  const endpoint = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}'));
  });
  await new Promise<void>((resolve) => endpoint.listen(PORT, "127.0.0.1", resolve));
  const services = await startCheckoutServices({ shop: PORT, upstream: PORT + 1, payments: PORT + 2 }, dir, { profilePaymentsTo: PROFILE ? profiles : undefined });
  const { payments } = services;
  const base = new URL(payments.baseUrl);
  const stripe = new Stripe("sk_test_bench", { host: base.hostname, port: base.port, protocol: "http", maxNetworkRetries: 2 });
  let measured: { cpuMs: number; window: [number, number] };
  try {
    await purchases(stripe, 50, "warm");
    await payments.drain();
    const cpuBefore = payments.cpuMs();
    const from = Number(process.hrtime.bigint() / 1000n);
    await purchases(stripe, PURCHASES, "run");
    await payments.drain();
    measured = { cpuMs: payments.cpuMs() - cpuBefore, window: [from, Number(process.hrtime.bigint() / 1000n)] };
  } finally {
    await services.close();
    endpoint.close();
  }
  console.log(`payments sandbox CPU ${(measured.cpuMs / PURCHASES).toFixed(2)} ms per purchase (${PURCHASES} purchases, ${BUYERS} at a time; /proc, all threads${PROFILE ? ", the profiler's cost included" : ""})`);
  if (PROFILE) {
    const main = readdirSync(profiles).filter((name) => name.endsWith(".cpuprofile")).sort()[0];
    const split = [...profileSplit(join(profiles, main!), ...measured.window, PAYMENTS_SANDBOX_BUCKETS)].sort((a, b) => b[1] - a[1]);
    const busy = split.filter(([name]) => name !== "(idle)").reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`sampled main-thread CPU per purchase: ${(busy / PURCHASES).toFixed(2)} ms, of which`);
    for (const [name, ms] of split) console.log(`${(ms / PURCHASES).toFixed(2).padStart(8)} ms  ${name}`);
  }
  if (process.env.PROFILE_KEEP && PROFILE) console.log(`profile kept in ${profiles}`);
  else rmSync(dir, { recursive: true, force: true });
}

/** `count` purchases, BUYERS at a time, each making the shop's calls in the shop's order. */
async function purchases(stripe: Stripe, count: number, tag: string): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      for (let n = next++; n < count; n = next++) await purchase(stripe, `${tag}-${n}`);
    }),
  );
}

async function purchase(stripe: Stripe, orderId: string): Promise<void> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 499, product_data: { name: "Starfall Legends 500 Crystals" } } }],
      payment_intent_data: { capture_method: "manual", metadata: { order_id: orderId } },
      success_url: `http://127.0.0.1:${PORT}/orders/${orderId}?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://127.0.0.1:${PORT}/orders/${orderId}`,
      client_reference_id: orderId,
      customer_email: `${orderId}@example.com`,
      metadata: { order_id: orderId },
    },
    { idempotencyKey: `authorize:${orderId}` },
  );
  const paid = await fetch(session.url!, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
  await paid.arrayBuffer();
  if (paid.status !== 303) throw new Error(`the payment page answered ${paid.status}`);
  const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
  const intent = read.payment_intent as Stripe.PaymentIntent;
  await stripe.charges.list({ payment_intent: intent.id, limit: 20 });
  const captured = await stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: `capture:${orderId}` });
  if (captured.status !== "succeeded") throw new Error(`capture left ${captured.status}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
