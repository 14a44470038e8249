// Runs before every page and route but a plain page view (Node runtime, reading the environment
// at run time): keeps the demo-only sandboxes out of a live shop, answers 404 for paths Next would
// crash on, sends a visitor to the URLs of their language (English at /…, Chinese at /zh/…),
// routes the shop's pages to where they are rendered in the page's language, and answers 503 for
// catalogue pages while the upstream's catalogue cannot be had at all. A GET of the catalogue or
// a product page whose language needs no ranking is routed by Next itself, without this code
// (lib/shop/storefront-routes.mjs, the matcher below, docs/architecture-decisions.md 237).
import { NextResponse, type NextRequest } from "next/server";
import { earlySignInRedirect } from "@/lib/auth/early-sign-in-redirect";
import { catalogUnavailableResponse } from "@/lib/catalog/catalog-outage";
import { catalogOutageNow } from "@/lib/shop/catalog-outage";
import { DEMO_ONLY_PREFIXES, routeDecision } from "@/lib/shop/route-decision";
import { problem } from "@/lib/http/json-answer";
import { malformedFormPost } from "@/lib/http/malformed-form-post";
import { shopMode } from "@/lib/config/shop-mode";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { pickLocale } from "@/lib/i18n/pick-locale";

export async function proxy(request: NextRequest): Promise<Response> {
  const signIn = earlySignInRedirect(request.nextUrl.pathname, request.cookies.getAll().map((cookie) => cookie.name));
  if (signIn) return NextResponse.redirect(new URL(signIn, request.url));
  const locale = pickLocale(request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get("accept-language"));
  const decision = routeDecision(request.nextUrl.pathname, shopMode(), request.nextUrl.search, locale);
  if (decision.kind === "not-found") return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  // A page takes a POST as a form (a server action), and Next crashes on one that does not
  // parse, or renders the page over one it does not read; so does any path a page catches. A
  // body that is no form is bad input, answered as such.
  const malformed = inSandbox(request.nextUrl.pathname) ? null : await malformedFormPost(request);
  if (malformed) return problem("invalid", `the body is not the form its Content-Type names: ${malformed}`);
  if (decision.kind === "redirect") {
    // Temporary: the same URL sends the next visitor, of another language, elsewhere.
    const response = NextResponse.redirect(new URL(decision.path, request.url), 307);
    response.headers.append("Vary", "Accept-Language, Cookie");
    return response;
  }
  if (decision.kind === "rewrite") {
    if (decision.catalog && (await catalogOutageNow(currentUpstream()))) return catalogUnavailableResponse();
    const url = request.nextUrl.clone();
    url.pathname = decision.path;
    const response = NextResponse.rewrite(url);
    // One URL, a page per language: a shared cache must key it by what picks the language.
    if (decision.varies) response.headers.append("Vary", "Accept-Language, Cookie");
    return response;
  }
  return NextResponse.next();
}

/** The demo's sandboxes answer bad bodies in the shapes of the APIs they imitate. */
function inSandbox(path: string): boolean {
  return DEMO_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

// A page view Next routes by itself (lib/shop/storefront-routes.mjs): "/", "/zh" and a product's
// canonical URL (/products/<id>/<slug>, under /zh too). The matcher is read by Next at
// build time and must be written out here; tests/storefront-routes.test.ts holds it to those
// rewrites, request by request.
export const config = {
  matcher: [
    // Build output and static files (public/brands) never depend on the upstream or the language.
    // Nor do the routes a purchase runs through, whose decision is always "pass": POST
    // /api/checkout (a JSON body, refused by its route when it is anything else), the order page's
    // reads of /api/orders/<id> (GET) and Stripe's webhook (a body checked against its signature
    // before anything reads it). proxy.ts there only cost Next's request copy and the body's clone,
    // several times a purchase (tests/proxy-matcher.test.ts). An order id of other characters (one
    // that may not decode) still goes through the proxy's check. The page views Next routes
    // itself are left out here and taken back below when the request needs the proxy after all.
    "/((?!_next/static|_next/image|favicon.ico|icon.svg|brands/|api/checkout$|api/orders/[0-9A-Za-z]+$|api/webhooks/stripe$|(?:zh)?$|(?:zh/)?products/[0-9]+/[a-z0-9-]+$).*)",
    // A body (a form POST, which the proxy refuses when it does not parse).
    { source: "/((?=(?:zh)?$|(?:zh/)?products/[0-9]+/[a-z0-9-]+$).*)", has: [{ type: "header", key: "content-type" }] },
    // A search at "/" (route-decision.ts SEARCH_KEYS).
    { source: "/((?=(?:zh)?$).*)", has: [{ type: "query", key: "q" }] },
    { source: "/((?=(?:zh)?$).*)", has: [{ type: "query", key: "platform" }] },
    { source: "/((?=(?:zh)?$).*)", has: [{ type: "query", key: "region" }] },
    { source: "/((?=(?:zh)?$).*)", has: [{ type: "query", key: "country" }] },
    { source: "/((?=(?:zh)?$).*)", has: [{ type: "query", key: "sort" }] },
    // An English URL whose language takes ranking: a chosen language other than English, or
    // none chosen and a browser that names Chinese somewhere in Accept-Language.
    { source: "/((?=$|products/[0-9]+/[a-z0-9-]+$).*)", has: [{ type: "cookie", key: "NEXT_LOCALE", value: "(?!en$).*" }] },
    {
      source: "/((?=$|products/[0-9]+/[a-z0-9-]+$).*)",
      has: [{ type: "header", key: "accept-language", value: ".*[Zz][Hh].*" }],
      missing: [{ type: "cookie", key: "NEXT_LOCALE" }],
    },
  ],
};
