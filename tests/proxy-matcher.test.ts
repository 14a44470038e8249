// Which requests proxy.ts sees: every page and route but build output, static files, and the
// routes a purchase runs through (the checkout's POST, the order's reads, Stripe's webhook),
// which it would only pass on (routeDecision: "pass" for /api) after Next had built a request
// for it and copied its body — time the buyer waits for (issue 17).
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

const sees = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe("proxy.ts matcher", () => {
  it("leaves the routes a purchase runs through to themselves", () => {
    for (const url of ["/api/checkout", "/api/orders/01K", "/api/webhooks/stripe"]) expect(sees(url), url).toBe(false);
  });

  // A plain view of the catalogue or a product page is Next's own (tests/storefront-routes.test.ts).
  it("still sees every other page, the other routes and paths under the checkout's", () => {
    for (const url of ["/search?q=x", "/orders/01K?key=k", "/admin", "/api/checkouts", "/api/webhooks/partner", "/api/orders", "/api/orders/01K/activation", "/api/orders/%E0%A4%A", "/api/checkout/x", "/sandbox/api/gameslist", "/zh/by-upstream/x", "/zh/orders/01K", "/products", "/robots.txt", "/sitemap/0.xml"]) {
      expect(sees(url), url).toBe(true);
    }
  });

  it("never sees build output or static files", () => {
    for (const url of ["/_next/static/chunks/a.js", "/favicon.ico", "/icon.svg", "/brands/starfall-legends.svg"]) {
      expect(sees(url), url).toBe(false);
    }
  });
});
