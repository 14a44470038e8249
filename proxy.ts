// Runs before every page and route (Node runtime, reading the environment at run time): keeps
// the demo-only sandboxes out of a live shop, answers 404 for paths Next would crash on, and
// routes the shop's pages to the cache of the upstream this process serves.
import { NextResponse, type NextRequest } from "next/server";
import { routeDecision } from "@/lib/config/route-guard";
import { shopMode } from "@/lib/config/shop-mode";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";

export function proxy(request: NextRequest): NextResponse {
  const decision = routeDecision(request.nextUrl.pathname, shopMode(), currentUpstream());
  if (decision.kind === "not-found") return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  if (decision.kind === "rewrite") {
    const url = request.nextUrl.clone();
    url.pathname = decision.path;
    return NextResponse.rewrite(url);
  }
  return NextResponse.next();
}

export const config = {
  // Build output and static files never depend on the upstream.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
