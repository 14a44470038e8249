// /sandbox/api/* – the embedded Partner API sandbox, mounted in a demo shop only. Every method
// is routed to the sandbox so that it answers 404/405 in its own format. A live shop answers
// 404 (proxy.ts says so first) and never loads the sandbox code.
import { shopMode } from "@/lib/config/shop-mode";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  if (shopMode() !== "demo") return new Response("Not found", { status: 404 });
  const { getEmbeddedSandbox } = await import("@/lib/shop/embedded-sandbox");
  const { sandbox } = await getEmbeddedSandbox();
  return sandbox.handle(request);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
