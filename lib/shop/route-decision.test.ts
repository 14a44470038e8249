import { describe, expect, it } from "vitest";
import { routeDecision } from "./route-decision";

describe("routeDecision", () => {
  it("answers 404 for a malformed percent-encoding instead of letting Next crash", () => {
    expect(routeDecision("/products/%E0%A4%A", "demo", "fp")).toEqual({ kind: "not-found" });
    expect(routeDecision("/sandbox/api/%E0%A4%A", "demo", "fp")).toEqual({ kind: "not-found" });
  });

  it("keeps the sandboxes out of a live shop only", () => {
    for (const path of ["/sandbox", "/sandbox/api/gameslist", "/payments-sandbox/v1/charges", "/turnstile-sandbox/v0/siteverify"]) {
      expect(routeDecision(path, "live", "fp")).toEqual({ kind: "not-found" });
      expect(routeDecision(path, "demo", "fp")).toEqual({ kind: "pass" });
    }
    expect(routeDecision("/sandboxes", "live", "fp")).toEqual({ kind: "rewrite", path: "/en/sandboxes", catalog: false });
  });

  it("routes the shop's pages to the current upstream's segment, in the visitor's language", () => {
    expect(routeDecision("/", "live", "abc")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc", catalog: true });
    expect(routeDecision("/", "live", "abc", "", "zh")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/abc", catalog: true });
    expect(routeDecision("/products/7/gift-card", "demo", "abc", "", "zh")).toEqual({
      kind: "rewrite",
      path: "/zh/by-upstream/abc/products/7/gift-card",
      catalog: true,
    });
    expect(routeDecision("/orders/01J", "demo", "abc", "?key=k", "zh")).toEqual({ kind: "rewrite", path: "/zh/orders/01J", catalog: false });
  });

  it("leaves route handlers alone", () => {
    expect(routeDecision("/api/player-check", "live", "abc")).toEqual({ kind: "pass" });
  });

  it("sends any other path to the 404 page in the visitor's language, and never the order page to the outage answer", () => {
    expect(routeDecision("/nothing-here", "demo", "abc", "", "zh")).toEqual({ kind: "rewrite", path: "/zh/nothing-here", catalog: false });
    expect(routeDecision("/english", "demo", "abc")).toEqual({ kind: "rewrite", path: "/en/english", catalog: false });
  });

  it("serves a path already under a language as it is", () => {
    expect(routeDecision("/zh/by-upstream/abc/products/1/x", "demo", "abc")).toEqual({ kind: "pass" });
    expect(routeDecision("/en", "demo", "abc", "", "zh")).toEqual({ kind: "pass" });
  });

  it("renders searches on the server: /search, and / with a query string", () => {
    expect(routeDecision("/search", "demo", "abc", "?q=diamonds")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc/search", catalog: true });
    expect(routeDecision("/", "demo", "abc", "?platform=Mobile")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc/search", catalog: true });
    expect(routeDecision("/", "demo", "abc", "?")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc", catalog: true });
    expect(routeDecision("/", "demo", "abc", "")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc", catalog: true });
  });
});
