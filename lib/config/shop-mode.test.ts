import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { decideShopMode, modeWarnings } from "./shop-mode";

const live = {
  PARTNER_API_URL: "https://partner.example/api",
  PARTNER_LOGIN: "shop",
  PARTNER_API_KEY: "key",
  STRIPE_SECRET_KEY: "sk_test_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
};

const decide = (source: Record<string, string>) => decideShopMode(parseEnv(source));

describe("decideShopMode", () => {
  it("is demo with no upstream and no SHOP_MODE", () => {
    expect(decide({})).toEqual({ ok: true, value: "demo" });
  });

  it("is live when an upstream and every live setting are configured", () => {
    expect(decide(live)).toEqual({ ok: true, value: "live" });
  });

  it("names every missing live setting in one message", () => {
    const decided = decide({ SHOP_MODE: "live" });
    expect(decided.ok).toBe(false);
    if (decided.ok) return;
    expect(decided.error.code).toBe("missing_settings");
    for (const name of ["PARTNER_API_URL", "PARTNER_LOGIN", "PARTNER_API_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
      expect(decided.error.message).toContain(name);
    }
  });

  it("treats a configured upstream as live, so a missing payment setting is an error", () => {
    const decided = decide({ ...live, STRIPE_WEBHOOK_SECRET: "" });
    expect(decided.ok ? decided.value : decided.error.variables).toEqual(["STRIPE_WEBHOOK_SECRET"]);
  });

  it("requires a shared KV for a live shop on a serverless host", () => {
    const decided = decide({ ...live, VERCEL: "1" });
    expect(decided.ok).toBe(false);
    if (!decided.ok) expect(decided.error.message).toMatch(/KV_REST_API_URL.*REDIS_URL/);
    expect(decide({ ...live, VERCEL: "1", REDIS_URL: "redis://kv.example:6379" })).toEqual({ ok: true, value: "live" });
  });

  it("never falls back to demo silently on a serverless host", () => {
    const decided = decide({ VERCEL: "1" });
    expect(decided.ok ? decided.value : decided.error.variables).toEqual(["SHOP_MODE", "PARTNER_API_URL"]);
    expect(decide({ VERCEL: "1", SHOP_MODE: "demo" })).toEqual({ ok: true, value: "demo" });
  });

  it("rejects SHOP_MODE=demo together with an upstream", () => {
    const decided = decide({ ...live, SHOP_MODE: "demo" });
    expect(decided.ok ? decided.value : decided.error.variables).toEqual(["SHOP_MODE", "PARTNER_API_URL"]);
  });
});

describe("PARTNER_API_URL", () => {
  it("accepts only http(s)", () => {
    expect(() => parseEnv({ PARTNER_API_URL: "ftp://partner.example/" })).toThrow(/PARTNER_API_URL/);
  });

  it("warns about plain http in live mode only", () => {
    const config = parseEnv({ ...live, PARTNER_API_URL: "http://partner.example/api" });
    expect(modeWarnings(config, "live")).toEqual([expect.stringMatching(/PARTNER_API_URL.*plain http/)]);
    expect(modeWarnings(parseEnv(live), "live")).toEqual([]);
  });
});
