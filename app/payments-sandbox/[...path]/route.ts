// /payments-sandbox/* – the embedded payments sandbox: its hosted page (/pay/<session>) and its
// Stripe-compatible API (/v1/...), used when no Stripe key is configured.
import { getEmbeddedPaymentsSandbox } from "@/lib/payments-sandbox/embedded";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  const sandbox = await getEmbeddedPaymentsSandbox();
  return sandbox.handle(request);
}

export { handle as GET, handle as POST, handle as DELETE };
