// /turnstile-sandbox/* – the emulated Cloudflare Turnstile: its widget script (/v0/api.js), the
// token its checkbox obtains (/v0/token) and siteverify (/v0/siteverify), mounted in a demo shop
// only. A live shop answers 404 (proxy.ts says so first) and never loads the emulation's code.
import { shopMode } from "@/lib/config/shop-mode";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  if (shopMode() !== "demo") return new Response("Not found", { status: 404 });
  const { getEmbeddedTurnstileSandbox } = await import("@/lib/shop/embedded-turnstile-sandbox");
  return (await getEmbeddedTurnstileSandbox()).handle(request);
}

export { handle as GET, handle as POST };
