import { describe, expect, it } from "vitest";
import { routeDecision } from "./route-decision";

describe("routeDecision", () => {
  it("answers 404 for a malformed percent-encoding instead of letting Next crash", () => {
    expect(routeDecision("/products/%E0%A4%A", "demo")).toEqual({ kind: "not-found" });
    expect(routeDecision("/sandbox/api/%E0%A4%A", "demo")).toEqual({ kind: "not-found" });
  });

  it("keeps the sandboxes out of a live shop only", () => {
    for (const path of ["/sandbox", "/sandbox/api/gameslist", "/payments-sandbox/v1/charges", "/turnstile-sandbox/v0/siteverify"]) {
      expect(routeDecision(path, "live")).toEqual({ kind: "not-found" });
      expect(routeDecision(path, "demo")).toEqual({ kind: "pass" });
    }
    expect(routeDecision("/sandboxes", "live")).toEqual({ kind: "rewrite", path: "/en/sandboxes", catalog: false, varies: true });
  });

  it("routes the shop's English pages to the segment of the upstream this process serves", () => {
    expect(routeDecision("/", "live")).toEqual({ kind: "rewrite", path: "/en/by-upstream/this", catalog: true, varies: true });
    expect(routeDecision("/products/7/gift-card", "demo")).toEqual({ kind: "rewrite", path: "/en/by-upstream/this/products/7/gift-card", catalog: true, varies: true });
    expect(routeDecision("/orders/01J", "demo", "?key=k")).toEqual({ kind: "rewrite", path: "/en/orders/01J", catalog: false, varies: true });
  });

  it("serves the Chinese pages at their own URLs, under /zh", () => {
    expect(routeDecision("/zh", "live")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/this", catalog: true, varies: false });
    expect(routeDecision("/zh/products/7/gift-card", "demo")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/this/products/7/gift-card", catalog: true, varies: false });
    expect(routeDecision("/zh/search", "demo", "?q=a")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/this/search", catalog: true, varies: false });
    expect(routeDecision("/zh", "demo", "?q=a")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/this/search", catalog: true, varies: false });
    // Already where the page is rendered; so is the named language for a visitor who chose the other.
    expect(routeDecision("/zh/orders/01J", "demo", "?key=k", "en")).toEqual({ kind: "pass" });
    expect(routeDecision("/zh/admin", "demo")).toEqual({ kind: "pass" });
  });

  it("sends a visitor whose language is Chinese from a buyer's English URL to its Chinese one, query and all", () => {
    expect(routeDecision("/", "live", "", "zh")).toEqual({ kind: "redirect", path: "/zh" });
    expect(routeDecision("/", "live", "?q=a", "zh")).toEqual({ kind: "redirect", path: "/zh?q=a" });
    expect(routeDecision("/products/7/gift-card", "demo", "", "zh")).toEqual({ kind: "redirect", path: "/zh/products/7/gift-card" });
    expect(routeDecision("/orders/01J", "demo", "?key=k", "zh")).toEqual({ kind: "redirect", path: "/zh/orders/01J?key=k" });
  });

  it("keeps the admin at one URL, rendered in the visitor's language", () => {
    expect(routeDecision("/admin/orders", "demo", "", "zh")).toEqual({ kind: "rewrite", path: "/zh/admin/orders", catalog: false, varies: true });
    expect(routeDecision("/admin", "demo")).toEqual({ kind: "rewrite", path: "/en/admin", catalog: false, varies: true });
  });

  it("leaves route handlers and the crawlers' files alone", () => {
    expect(routeDecision("/api/player-check", "live")).toEqual({ kind: "pass" });
    expect(routeDecision("/robots.txt", "live", "", "zh")).toEqual({ kind: "pass" });
    expect(routeDecision("/sitemap/0.xml", "live", "", "zh")).toEqual({ kind: "pass" });
  });

  it("sends any other path to the 404 page in the visitor's language, and never the order page to the outage answer", () => {
    expect(routeDecision("/nothing-here", "demo", "", "zh")).toEqual({ kind: "rewrite", path: "/zh/nothing-here", catalog: false, varies: true });
    expect(routeDecision("/english", "demo")).toEqual({ kind: "rewrite", path: "/en/english", catalog: false, varies: true });
  });

  it("serves a path already under a language as it is", () => {
    expect(routeDecision("/zh/by-upstream/this/products/1/x", "demo")).toEqual({ kind: "pass" });
    expect(routeDecision("/en", "demo", "", "zh")).toEqual({ kind: "pass" });
    expect(routeDecision("/zh/by-upstream/this", "demo")).toEqual({ kind: "pass" });
  });

  it("renders searches on the server: /search, and / with a search in its query", () => {
    expect(routeDecision("/search", "demo", "?q=diamonds")).toEqual({ kind: "rewrite", path: "/en/by-upstream/this/search", catalog: true, varies: true });
    expect(routeDecision("/", "demo", "?platform=Mobile")).toEqual({ kind: "rewrite", path: "/en/by-upstream/this/search", catalog: true, varies: true });
    // Another query (a campaign's tag) is no search: the catalogue, as Next routes "/" by itself.
    expect(routeDecision("/", "demo", "?utm_source=mail")).toEqual({ kind: "rewrite", path: "/en/by-upstream/this", catalog: true, varies: true });
    expect(routeDecision("/", "demo", "?")).toEqual({ kind: "rewrite", path: "/en/by-upstream/this", catalog: true, varies: true });
    expect(routeDecision("/", "demo", "")).toEqual({ kind: "rewrite", path: "/en/by-upstream/this", catalog: true, varies: true });
  });
});
