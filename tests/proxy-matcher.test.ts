// Which requests proxy.ts sees: every page and route but build output, static files, and the
// checkout's POST, which it would only pass on (routeDecision: "pass" for /api) after Next had
// built a request for it and copied its body — time the buyer waits for (issue 17).
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

const sees = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe("proxy.ts matcher", () => {
  it("leaves the checkout's POST to its route", () => {
    expect(sees("/api/checkout")).toBe(false);
  });

  it("still sees every page, the other routes and paths under the checkout's", () => {
    for (const url of ["/", "/products/432/starfall-legends-crystals", "/search?q=x", "/orders/01K?key=k", "/admin", "/api/orders/01K", "/api/checkouts", "/api/checkout/x", "/sandbox/api/gameslist", "/zh/by-upstream/x"]) {
      expect(sees(url), url).toBe(true);
    }
  });

  it("never sees build output or static files", () => {
    for (const url of ["/_next/static/chunks/a.js", "/favicon.ico", "/icon.svg", "/brands/starfall-legends.svg"]) {
      expect(sees(url), url).toBe(false);
    }
  });
});
