// Stripe answers an API call without waiting for the webhooks it causes. The sandbox used to send
// every due webhook before answering, so a shop whose webhook route was busy (or was the caller
// itself, capturing from inside its own webhook handler) waited on its own deliveries: under 50
// buyers a session took 0.7 s to open. Served over HTTP, it now answers first and delivers after.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createPaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { servePaymentsSandbox, type RunningPaymentsSandbox } from "@/lib/payments-sandbox/serve";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";

let temp: TempKv;
let receiver: Server;
let running: RunningPaymentsSandbox;
/** Webhook deliveries the receiver has been sent, and the hold on its answers. */
let received: string[];
let release: () => void;

beforeEach(async () => {
  temp = openTempKv();
  received = [];
  const held = new Promise<void>((resolve) => (release = resolve));
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    // The shop's webhook route, slow to answer: the sandbox's own answers must not wait for it.
    request.on("end", () => {
      received.push((JSON.parse(body) as { type: string }).type);
      void held.then(() => response.end("ok"));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const sandbox = createPaymentsSandbox({ kv: temp.kv, config: { baseUrl: "http://127.0.0.1", webhookUrl, webhookSecret: "whsec_after" } });
  running = await servePaymentsSandbox(sandbox);
});

afterEach(async () => {
  release();
  await running.close();
  await new Promise((resolve) => receiver.close(resolve));
  await temp.remove();
});

it("answers the hosted page and the capture before the webhooks they cause are accepted, then delivers them", async () => {
  const { port } = new URL(running.baseUrl);
  const stripe = new Stripe("sk_test_after", { host: "127.0.0.1", port: Number(port), protocol: "http", maxNetworkRetries: 0 });
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 2500, product_data: { name: "Gift card" } } }],
    payment_intent_data: { capture_method: "manual" },
    success_url: "https://shop.test/done",
  });
  const paid = await fetch(session.url!.replace("http://127.0.0.1", running.baseUrl), {
    method: "POST",
    body: new URLSearchParams({ card_number: "4242424242424242" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
  // The receiver has not answered a single delivery, and still the capture answers.
  expect(await stripe.paymentIntents.capture(intent)).toMatchObject({ status: "succeeded" });
  for (let i = 0; i < 100 && !received.includes("checkout.session.completed"); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(received).toContain("checkout.session.completed");
});
