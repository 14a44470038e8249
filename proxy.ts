// Runs before every page and route (Node runtime, reading the environment at run time): keeps
// the demo-only sandboxes out of a live shop, answers 404 for paths Next would crash on, routes
// the shop's pages to the cache of the upstream this process serves, and answers 503 for them
// while that upstream's catalogue cannot be had at all.
import { NextResponse, type NextRequest } from "next/server";
import { catalogOutageNow, catalogUnavailableResponse } from "@/lib/catalog/catalog-outage";
import { routeDecision } from "@/lib/config/route-guard";
import { shopMode } from "@/lib/config/shop-mode";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";

export async function proxy(request: NextRequest): Promise<Response> {
  const upstream = currentUpstream();
  const decision = routeDecision(request.nextUrl.pathname, shopMode(), upstream, request.nextUrl.search);
  if (decision.kind === "not-found") return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  if (decision.kind === "rewrite") {
    if (await catalogOutageNow(upstream)) return catalogUnavailableResponse();
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
