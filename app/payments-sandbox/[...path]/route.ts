// /payments-sandbox/* – the embedded payments sandbox: its hosted page (/pay/<session>) and its
// Stripe-compatible API (/v1/...), mounted in a demo shop only. A live shop answers 404
// (proxy.ts says so first) and never loads the sandbox code.
import { after } from "next/server";
import { shopMode } from "@/lib/config/shop-mode";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  if (shopMode() !== "demo") return new Response("Not found", { status: 404 });
  const { getEmbeddedPaymentsSandbox } = await import("@/lib/shop/embedded-payments-sandbox");
  const sandbox = await getEmbeddedPaymentsSandbox();
  // Webhooks go after the answer: the shop's capture must not wait on its own webhook route.
  return sandbox.handle(request, after);
}

export { handle as GET, handle as POST, handle as DELETE };
