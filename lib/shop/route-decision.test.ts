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
    expect(routeDecision("/sandboxes", "live", "fp")).toEqual({ kind: "rewrite", path: "/en/sandboxes", catalog: false, varies: true });
  });

  it("routes the shop's English pages to the current upstream's segment", () => {
    expect(routeDecision("/", "live", "abc")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc", catalog: true, varies: true });
    expect(routeDecision("/products/7/gift-card", "demo", "abc")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc/products/7/gift-card", catalog: true, varies: true });
    expect(routeDecision("/orders/01J", "demo", "abc", "?key=k")).toEqual({ kind: "rewrite", path: "/en/orders/01J", catalog: false, varies: true });
  });

  it("serves the Chinese pages at their own URLs, under /zh", () => {
    expect(routeDecision("/zh", "live", "abc")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/abc", catalog: true, varies: false });
    expect(routeDecision("/zh/products/7/gift-card", "demo", "abc")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/abc/products/7/gift-card", catalog: true, varies: false });
    expect(routeDecision("/zh/search", "demo", "abc", "?q=a")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/abc/search", catalog: true, varies: false });
    expect(routeDecision("/zh", "demo", "abc", "?q=a")).toEqual({ kind: "rewrite", path: "/zh/by-upstream/abc/search", catalog: true, varies: false });
    // Already where the page is rendered; so is the named language for a visitor who chose the other.
    expect(routeDecision("/zh/orders/01J", "demo", "abc", "?key=k", "en")).toEqual({ kind: "pass" });
    expect(routeDecision("/zh/admin", "demo", "abc")).toEqual({ kind: "pass" });
  });

  it("sends a visitor whose language is Chinese from a buyer's English URL to its Chinese one, query and all", () => {
    expect(routeDecision("/", "live", "abc", "", "zh")).toEqual({ kind: "redirect", path: "/zh" });
    expect(routeDecision("/", "live", "abc", "?q=a", "zh")).toEqual({ kind: "redirect", path: "/zh?q=a" });
    expect(routeDecision("/products/7/gift-card", "demo", "abc", "", "zh")).toEqual({ kind: "redirect", path: "/zh/products/7/gift-card" });
    expect(routeDecision("/orders/01J", "demo", "abc", "?key=k", "zh")).toEqual({ kind: "redirect", path: "/zh/orders/01J?key=k" });
  });

  it("keeps the admin at one URL, rendered in the visitor's language", () => {
    expect(routeDecision("/admin/orders", "demo", "abc", "", "zh")).toEqual({ kind: "rewrite", path: "/zh/admin/orders", catalog: false, varies: true });
    expect(routeDecision("/admin", "demo", "abc")).toEqual({ kind: "rewrite", path: "/en/admin", catalog: false, varies: true });
  });

  it("leaves route handlers and the crawlers' files alone", () => {
    expect(routeDecision("/api/player-check", "live", "abc")).toEqual({ kind: "pass" });
    expect(routeDecision("/robots.txt", "live", "abc", "", "zh")).toEqual({ kind: "pass" });
    expect(routeDecision("/sitemap/0.xml", "live", "abc", "", "zh")).toEqual({ kind: "pass" });
  });

  it("sends any other path to the 404 page in the visitor's language, and never the order page to the outage answer", () => {
    expect(routeDecision("/nothing-here", "demo", "abc", "", "zh")).toEqual({ kind: "rewrite", path: "/zh/nothing-here", catalog: false, varies: true });
    expect(routeDecision("/english", "demo", "abc")).toEqual({ kind: "rewrite", path: "/en/english", catalog: false, varies: true });
  });

  it("serves a path already under a language as it is", () => {
    expect(routeDecision("/zh/by-upstream/abc/products/1/x", "demo", "abc")).toEqual({ kind: "pass" });
    expect(routeDecision("/en", "demo", "abc", "", "zh")).toEqual({ kind: "pass" });
    expect(routeDecision("/zh/by-upstream/abc", "demo", "abc")).toEqual({ kind: "pass" });
  });

  it("renders searches on the server: /search, and / with a query string", () => {
    expect(routeDecision("/search", "demo", "abc", "?q=diamonds")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc/search", catalog: true, varies: true });
    expect(routeDecision("/", "demo", "abc", "?platform=Mobile")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc/search", catalog: true, varies: true });
    expect(routeDecision("/", "demo", "abc", "?")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc", catalog: true, varies: true });
    expect(routeDecision("/", "demo", "abc", "")).toEqual({ kind: "rewrite", path: "/en/by-upstream/abc", catalog: true, varies: true });
  });
});
