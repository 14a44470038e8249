// /qstash-sandbox/* – the embedded QStash emulation (lib/qstash-sandbox), mounted in a demo shop
// only: the shop publishes its deadlines here and the emulation delivers them back to it. A live
// shop answers 404 and never loads the emulation.
import { shopMode } from "@/lib/config/shop-mode";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  if (shopMode() !== "demo") return new Response("Not found", { status: 404 });
  const { getEmbeddedQstashSandbox } = await import("@/lib/shop/embedded-qstash-sandbox");
  return (await getEmbeddedQstashSandbox()).handle(request);
}

export { handle as GET, handle as POST, handle as DELETE };
