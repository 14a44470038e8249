// One of the checkout's sandboxes in a process of its own, as the services they stand in for
// run on other machines: the bench reads each one's CPU from /proc apart from the shop's and the
// buyers' (bench/hosting.ts splits a purchase's CPU by process). Started by checkout-services.ts
// with fork(); it answers that parent's questions (counts, times, reset, drain) over IPC.
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { startCountingPayments } from "./counting-payments";
import { startCountingSandbox } from "./counting-sandbox";

/** What the parent passes in argv[2], as JSON. */
export type ServiceStart =
  | { kind: "upstream"; port: number }
  | { kind: "payments"; port: number; dir: string; webhookUrl: string; webhookSecret: string };

/** A question from the parent; the answer comes back with the same id. */
export interface ServiceAsk {
  id: number;
  ask: "calls" | "timeMs" | "reset" | "drain" | "close";
}

export interface ServiceAnswer {
  id: number;
  value?: unknown;
  error?: string;
}

/**
 * The Partner sandbox with zero supplier latency, so the figures are the checkout's own and the
 * sandbox's rather than a wait, and a partner balance for the load (the demo's 1,000 USD covers
 * about 200 checkouts, after which the shop's low-balance guard rightly refuses with 409
 * balance_low).
 */
async function startUpstream(port: number) {
  const fixture = await loadFixture();
  const sandbox = await startCountingSandbox(port, {
    ...fixture,
    partners: fixture.partners.map((partner) => ({ ...partner, balance: 10_000_000 })),
    services: fixture.services.map((service) => ({ ...service, supplier: { ...service.supplier, latency_seconds: 0 } })),
  });
  return { ...sandbox, drain: async () => 0 };
}

async function main(): Promise<void> {
  const start = JSON.parse(process.argv[2] ?? "{}") as ServiceStart;
  const service = start.kind === "upstream" ? await startUpstream(start.port) : await startCountingPayments(start);
  const answers: Record<ServiceAsk["ask"], () => unknown> = {
    calls: () => service.calls(),
    timeMs: () => service.timeMs(),
    reset: () => service.reset(),
    drain: () => service.drain(),
    close: () => service.close(),
  };
  process.on("message", (message: ServiceAsk) => {
    // Once closed, it exits as soon as its answer has gone (the store's threads would keep it).
    const then = () => message.ask === "close" && process.exit(0);
    void Promise.resolve()
      .then(() => answers[message.ask]())
      .then(
        (value) => process.send?.({ id: message.id, value } satisfies ServiceAnswer, then),
        (error: unknown) => process.send?.({ id: message.id, error: String(error) } satisfies ServiceAnswer, then),
      );
  });
  process.send?.({ id: 0, value: service.baseUrl } satisfies ServiceAnswer);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
