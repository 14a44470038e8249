import { describe, expect, it } from "vitest";
import { routeDecision } from "./route-guard";

describe("routeDecision", () => {
  it("answers 404 for a malformed percent-encoding instead of letting Next crash", () => {
    expect(routeDecision("/products/%E0%A4%A", "demo", "fp")).toEqual({ kind: "not-found" });
    expect(routeDecision("/sandbox/api/%E0%A4%A", "demo", "fp")).toEqual({ kind: "not-found" });
  });

  it("keeps the sandboxes out of a live shop only", () => {
    for (const path of ["/sandbox", "/sandbox/api/gameslist", "/payments-sandbox/v1/charges"]) {
      expect(routeDecision(path, "live", "fp")).toEqual({ kind: "not-found" });
      expect(routeDecision(path, "demo", "fp")).toEqual({ kind: "pass" });
    }
    expect(routeDecision("/sandboxes", "live", "fp")).toEqual({ kind: "pass" });
  });

  it("routes the shop's pages to the current upstream's segment", () => {
    expect(routeDecision("/", "live", "abc")).toEqual({ kind: "rewrite", path: "/by-upstream/abc" });
    expect(routeDecision("/products/7/gift-card", "demo", "abc")).toEqual({ kind: "rewrite", path: "/by-upstream/abc/products/7/gift-card" });
    expect(routeDecision("/api/player-check", "live", "abc")).toEqual({ kind: "pass" });
  });

  it("renders searches on the server: /search, and / with a query string", () => {
    expect(routeDecision("/search", "demo", "abc", "?q=diamonds")).toEqual({ kind: "rewrite", path: "/by-upstream/abc/search" });
    expect(routeDecision("/", "demo", "abc", "?platform=Mobile")).toEqual({ kind: "rewrite", path: "/by-upstream/abc/search" });
    expect(routeDecision("/", "demo", "abc", "?")).toEqual({ kind: "rewrite", path: "/by-upstream/abc" });
    expect(routeDecision("/", "demo", "abc", "")).toEqual({ kind: "rewrite", path: "/by-upstream/abc" });
  });
});
