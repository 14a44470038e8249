// npm run stripe-sandbox – the payments sandbox on its own, on stripe-mock's port 12111: point
// the stripe package at it with host/port/protocol and any sk_test_ key.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env } from "@/lib/config/env";
import { createKv } from "@/lib/kv/get-kv";
import { resolveKvDriver } from "@/lib/kv/resolve-driver";
import { systemScheduler } from "@/lib/time/clock";
import { createPaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { servePaymentsSandbox } from "@/lib/payments-sandbox/serve";
import { postOverHttp } from "@/lib/payments-sandbox/webhooks/post-over-http";

async function main(): Promise<void> {
  const config = env();
  const port = Number(process.env.STRIPE_SANDBOX_PORT ?? (process.env.PORT ? config.PORT : 12111));
  const host = process.env.HOST ?? "127.0.0.1";
  const driver = resolveKvDriver(config);
  // Without Redis, a fresh embedded store per run: the shop's own data folder stays untouched.
  const kv = await createKv(driver.driver === "embedded" ? { ...driver, dir: mkdtempSync(join(tmpdir(), "stripe-sandbox-")) } : driver);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString("base64url")}`;
  const webhookUrl = config.STRIPE_SANDBOX_WEBHOOK_URL ?? null;
  const baseUrl = `http://${host}:${port}`;
  const sandbox = createPaymentsSandbox({
    kv,
    scheduler: systemScheduler,
    // A server of its own, so its webhooks go over node:http too (docs/architecture-decisions.md item 277).
    postWebhook: postOverHttp(),
    config: { baseUrl, webhookUrl, webhookSecret, authLapseMs: config.STRIPE_SANDBOX_AUTH_LAPSE_SECONDS * 1000 },
  });
  const running = await servePaymentsSandbox(sandbox, { port, host });
  console.log(`Stripe payments sandbox listening on ${running.baseUrl}`);
  console.log(`Secret key: sk_test_sandbox (any sk_test_ key works)`);
  console.log(`Webhooks: ${webhookUrl ?? "not delivered (set STRIPE_SANDBOX_WEBHOOK_URL)"}`);
  console.log(`Webhook secret: ${webhookSecret}`);
  const stop = () => void running.close().then(() => kv.close()).then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
