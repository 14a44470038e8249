// The payments sandbox for the checkout benchmark, served from the bench process with a count
// of every request and the time spent answering it, like counting-sandbox.ts does for the
// Partner API: the checkout's own time is what is left once both services' time is taken out.
import { createKv } from "@/lib/kv/get-kv";
import { createPaymentsSandbox, type AfterResponse } from "@/lib/payments-sandbox/create-payments-sandbox";
import type { SandboxRequest } from "@/lib/payments-sandbox/http/reply";
import { SHOP_STRIPE_EVENTS } from "@/lib/payments/webhook-events";
import { servePaymentsSandbox, type RunningPaymentsSandbox } from "@/lib/payments-sandbox/serve";
import { postOverHttp } from "@/lib/payments-sandbox/webhooks/post-over-http";

export interface CountingPayments extends RunningPaymentsSandbox {
  /** Requests since the last reset, by "METHOD /path" with ids replaced by ":id". */
  calls(): Record<string, number>;
  timeMs(): Record<string, number>;
  reset(): void;
  /**
   * Sends every webhook still queued and waits for the shop to take them; ms it took. Under load
   * the shop answers its webhooks behind the buyers' requests: work the buyers' run caused.
   */
  drain(): Promise<number>;
}

export async function startCountingPayments(options: { port: number; dir: string; webhookUrl: string; webhookSecret: string }): Promise<CountingPayments> {
  const kv = await createKv({ driver: "embedded", dir: options.dir });
  const sandbox = createPaymentsSandbox({
    kv,
    // No timers, as on a serverless host: each request sends what has fallen due once it has
    // answered, and the bench's steady traffic leaves nothing waiting.
    scheduler: null,
    // As the standalone sandbox sends them (scripts/stripe-sandbox.ts).
    postWebhook: postOverHttp(),
    // The events a live shop enables on its Stripe endpoint, as the embedded sandbox sends them.
    config: { baseUrl: `http://127.0.0.1:${options.port}`, webhookUrl: options.webhookUrl, webhookSecret: options.webhookSecret, enabledEvents: SHOP_STRIPE_EVENTS },
  });
  let counts: Record<string, number> = {};
  let times: Record<string, number> = {};
  // servePaymentsSandbox answers through reply(), so that is what is counted.
  const counted = {
    ...sandbox,
    async reply(request: SandboxRequest, afterResponse?: AfterResponse) {
      const key = `${request.method} ${new URL(request.url).pathname.replace(/\/(cs|pi|re|evt)_[\w]+/g, "/:id")}`;
      counts[key] = (counts[key] ?? 0) + 1;
      const started = performance.now();
      try {
        return await sandbox.reply(request, afterResponse);
      } finally {
        times[key] = (times[key] ?? 0) + performance.now() - started;
      }
    },
  };
  const running = await servePaymentsSandbox(counted, { port: options.port });
  return {
    ...running,
    close: () => running.close().then(() => kv.close()),
    calls: () => ({ ...counts }),
    async drain() {
      const started = performance.now();
      const queued = () => kv.zCard(sandbox.context.store.key("deliveries"));
      while ((await queued()) > 0) {
        if ((await sandbox.deliverDue()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        if (performance.now() - started > 120_000) throw new Error(`webhooks still queued after two minutes: ${await queued()}`);
      }
      return performance.now() - started;
    },
    timeMs: () => ({ ...times }),
    reset: () => {
      counts = {};
      times = {};
    },
  };
}
