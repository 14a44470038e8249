// What the checkout benchmarks run the shop against (bench/run.ts, bench/profile-checkout.ts):
// the Partner sandbox with zero supplier latency, so the figures are the checkout's own and the
// sandbox's rather than a wait, and a partner balance for the load (the demo's 1,000 USD covers
// about 200 checkouts, after which the shop's low-balance guard rightly refuses with 409
// balance_low); the payments sandbox; and the settings of a live shop on both.
import { join } from "node:path";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { startCountingPayments, type CountingPayments } from "./counting-payments";
import { startCountingSandbox } from "./counting-sandbox";

const WEBHOOK_SECRET = "whsec_bench";

export interface CheckoutServices {
  upstream: Awaited<ReturnType<typeof startCountingSandbox>>;
  payments: CountingPayments;
  /** The environment of a `next start` on `shopPort` against both, its store in `kvDir`. */
  shopEnv(kvDir: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startCheckoutServices(ports: { shop: number; upstream: number; payments: number }, dir: string): Promise<CheckoutServices> {
  const fixture = await loadFixture();
  const upstream = await startCountingSandbox(ports.upstream, {
    ...fixture,
    partners: fixture.partners.map((partner) => ({ ...partner, balance: 10_000_000 })),
    services: fixture.services.map((service) => ({ ...service, supplier: { ...service.supplier, latency_seconds: 0 } })),
  });
  const shopUrl = `http://127.0.0.1:${ports.shop}`;
  const payments = await startCountingPayments({ port: ports.payments, dir: join(dir, "payments"), webhookUrl: `${shopUrl}/api/webhooks/stripe`, webhookSecret: WEBHOOK_SECRET });
  return {
    upstream,
    payments,
    shopEnv: (kvDir) => ({
      PARTNER_API_URL: upstream.baseUrl,
      PARTNER_LOGIN: "demo",
      PARTNER_API_KEY: "demo-key",
      // Payments through the payments sandbox, which a live shop accepts only with test orders.
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: payments.baseUrl,
      PARTNER_TEST_MODE: "1",
      CHECKOUT_RATE_LIMIT: "1000000/60s",
      // Cloudflare is out of reach here: the owner's explicit choice to run without a bot check
      // (bench/fraud-screening.ts measures screening with the emulated one, in process).
      BOT_CHECK: "off",
      PORT: String(ports.shop),
      SHOP_URL: shopUrl,
      CHECKOUT_CODE_KEY: "ab".repeat(32),
      // A live shop starts only with its admin's owner and secret (README, Admin).
      ADMIN_EMAIL: "owner@shop.example",
      ADMIN_PASSWORD_HASH: "scrypt:1024:8:1:SOMb8e1iV3THKUVCAIp4lw:o16pYm9hgBbfb8ORgJ3Ei_6h-1i0U68Fg4xtHqtvMio",
      AUTH_SECRET: "2cL9mIZ872YN6FhpoKHvukNuQ6wWBFUqY+XxxI+2vWM=",
      KV_DATA_DIR: kvDir,
      NODE_ENV: "production",
    }),
    close: async () => {
      await payments.close();
      await upstream.close();
    },
  };
}
