// Walks app/api/ and proves every route goes through the one route wrapper (lib/http/route.ts):
// each exported verb is what route(…) built, so it answers the one envelope whatever it throws
// and does its declared checks the one way; and each route file stays thin. A route added later
// without the wrapper fails here, by its path and verb.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { routeNeedsOf } from "@/lib/http/route";

// The routes are imported, never called: nothing of the shop is built at import.
vi.stubEnv("SHOP_MODE", "demo");

const API = path.resolve(import.meta.dirname, "../../app/api");
const VERBS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const MAX_LINES = 40;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const routes = files(API)
  .filter((file) => /(^|\/)route\.tsx?$/.test(file))
  .map((file) => path.relative(API, file));

describe("app/api's route tree", () => {
  it("finds the routes, the Auth.js catch-all among them", () => {
    expect(routes).toContain("auth/[...auth]/route.ts");
    expect(routes).toContain("checkout/route.ts");
    expect(routes.length).toBeGreaterThanOrEqual(12);
  });

  for (const file of routes) {
    it(`${file}: every exported verb is built by route(…), and the file is at most ${MAX_LINES} lines`, async () => {
      const loaded = (await import(/* @vite-ignore */ path.join(API, file))) as Record<string, unknown>;
      const verbs = VERBS.filter((verb) => verb in loaded);
      expect(verbs.length, `${file} exports no HTTP verb`).toBeGreaterThan(0);
      for (const verb of verbs) expect(routeNeedsOf(loaded[verb]), `${file} ${verb} must be built with route(needs, handler) from lib/http/route.ts`).toBeDefined();
      const lines = readFileSync(path.join(API, file), "utf8").trimEnd().split("\n").length;
      expect(lines, `${file} has ${lines} lines; move its logic into lib/`).toBeLessThanOrEqual(MAX_LINES);
    });
  }

  it("declares the checks each route needs", async () => {
    const needs = async (file: string, verb: string) => routeNeedsOf(((await import(/* @vite-ignore */ path.join(API, file))) as Record<string, unknown>)[verb]);
    expect(await needs("cron/sweep/route.ts", "GET")).toMatchObject({ cronSecret: expect.any(Function) });
    expect(await needs("cron/reconcile/route.ts", "GET")).toMatchObject({ cronSecret: expect.any(Function) });
    expect(await needs("checkout/route.ts", "POST")).toMatchObject({ sameOrigin: expect.any(Function), rateLimit: { askedBy: "handler" } });
    expect(await needs("orders/[orderId]/activation/route.ts", "POST")).toMatchObject({ sameOrigin: expect.any(Function), rateLimit: { askedBy: "arrival" } });
    expect(await needs("order-links/route.ts", "POST")).toMatchObject({ sameOrigin: expect.any(Function), rateLimit: { askedBy: "arrival" } });
    expect(await needs("auth/[...auth]/route.ts", "POST")).toMatchObject({ sameOrigin: expect.any(Function) });
    expect(await needs("player-check/route.ts", "GET")).toMatchObject({ rateLimit: { askedBy: "arrival" } });
  });
});
