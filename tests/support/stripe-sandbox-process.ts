// `npm run stripe-sandbox` in its own process on a free port, with a small HTTP endpoint that
// receives its webhooks (verified by the stripe package's constructEvent) and serves the shop's
// success and cancel URLs.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import Stripe from "stripe";
import { freePort } from "./free-port";

export const STANDALONE_WEBHOOK_SECRET = "whsec_standalone_test";

export interface StripeSandboxProcess {
  base: string;
  receiverUrl: string;
  output(): string;
  events: Stripe.Event[];
  refused: string[];
  stripe(): Stripe;
  openSession(orderId: string): Promise<Stripe.Checkout.Session>;
  stop(): Promise<void>;
}

export async function startStripeSandbox(): Promise<StripeSandboxProcess> {
  const events: Stripe.Event[] = [];
  const refused: string[] = [];
  const verifier = new Stripe("sk_test_verifier");
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.method !== "POST") {
        response.writeHead(200, { "Content-Type": "text/html" }).end("<h1>Back at the shop</h1>");
        return;
      }
      try {
        events.push(verifier.webhooks.constructEvent(body, String(request.headers["stripe-signature"]), STANDALONE_WEBHOOK_SECRET));
        response.writeHead(200).end("{}");
      } catch (error) {
        refused.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  // node with tsx's loader directly (not npx), so that a signal reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/stripe-sandbox.ts"], {
    env: {
      ...process.env,
      STRIPE_SANDBOX_PORT: String(port),
      STRIPE_WEBHOOK_SECRET: STANDALONE_WEBHOOK_SECRET,
      STRIPE_SANDBOX_WEBHOOK_URL: `${receiverUrl}/hook`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // The last line of the start banner: stdout may deliver it in several chunks.
  for (let i = 0; i < 200 && !output.includes("Webhook secret:"); i++) await delay(100);
  if (!output.includes("Webhook secret:")) throw new Error(`stripe-sandbox did not start:\n${output}`);

  const stripe = () => new Stripe("sk_test_newcomer", { host: "127.0.0.1", port, protocol: "http" });
  return {
    base,
    receiverUrl,
    output: () => output,
    events,
    refused,
    stripe,
    openSession: (orderId) =>
      stripe().checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 2500, product_data: { name: "Gift card" } } }],
          payment_intent_data: { capture_method: "manual" },
          success_url: `${receiverUrl}/done?session={CHECKOUT_SESSION_ID}`,
          cancel_url: `${receiverUrl}/cart`,
          client_reference_id: orderId,
        },
        { idempotencyKey: `authorize:${orderId}` },
      ),
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}
