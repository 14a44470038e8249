// /sandbox/api/* – the embedded Partner API sandbox, the default upstream when PARTNER_API_URL
// is unset. Every method is routed to the sandbox so that it answers 404/405 in its own format.
import { getEmbeddedSandbox } from "@/lib/sandbox/embedded";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  const { sandbox } = await getEmbeddedSandbox();
  return sandbox.handle(request);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
