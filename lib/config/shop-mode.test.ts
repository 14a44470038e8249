import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { decideShopMode, modeWarnings } from "./shop-mode";

const live = {
  PARTNER_API_URL: "https://partner.example/api",
  PARTNER_LOGIN: "shop",
  PARTNER_API_KEY: "key",
  STRIPE_SECRET_KEY: "sk_test_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
  SHOP_URL: "https://shop.example",
  CHECKOUT_CODE_KEY: Buffer.alloc(32, 7).toString("base64"),
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
    for (const name of ["PARTNER_API_URL", "PARTNER_LOGIN", "PARTNER_API_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SHOP_URL", "CHECKOUT_CODE_KEY"]) {
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
    expect(decide({ ...live, VERCEL: "1", REDIS_URL: "redis://kv.example:6379", SMTP_URL: "smtp://mail.example:587" })).toEqual({ ok: true, value: "live" });
  });

  it("requires SMTP on a serverless host, which has no disk for the local outbox", () => {
    const decided = decide({ ...live, VERCEL: "1", REDIS_URL: "redis://kv.example:6379" });
    expect(decided.ok ? decided.value : decided.error.variables).toEqual(["SMTP_URL"]);
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

describe("checkout settings", () => {
  it("accepts a 32-byte code key in base64 or hex and names the variable otherwise", () => {
    expect(parseEnv({ CHECKOUT_CODE_KEY: "ab".repeat(32) }).CHECKOUT_CODE_KEY).toHaveLength(32);
    expect(parseEnv({ CHECKOUT_CODE_KEY: Buffer.alloc(32, 1).toString("base64") }).CHECKOUT_CODE_KEY).toHaveLength(32);
    expect(() => parseEnv({ CHECKOUT_CODE_KEY: "too-short" })).toThrow(/CHECKOUT_CODE_KEY: expected 32 bytes/);
  });

  it("keeps only the origin of SHOP_URL and refuses a payment page shorter than Stripe allows", () => {
    expect(parseEnv({ SHOP_URL: "https://shop.example/some/path" }).SHOP_URL).toBe("https://shop.example");
    expect(() => parseEnv({ CHECKOUT_SESSION_MINUTES: "10" })).toThrow(/CHECKOUT_SESSION_MINUTES/);
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL: expected an smtp/);
  });
});

describe("PARTNER_API_URL", () => {
  it("accepts only http(s)", () => {
    expect(() => parseEnv({ PARTNER_API_URL: "ftp://partner.example/" })).toThrow(/PARTNER_API_URL/);
  });

  it("warns about plain http in live mode only", () => {
    const config = parseEnv({ ...live, PARTNER_API_URL: "http://partner.example/api", TRUSTED_PROXY_HOPS: "1" });
    expect(modeWarnings(config, "live")).toEqual([expect.stringMatching(/PARTNER_API_URL.*plain http/)]);
    expect(modeWarnings(parseEnv({ ...live, TRUSTED_PROXY_HOPS: "1" }), "live")).toEqual([]);
  });

  it("warns a live shop that trusts no client address that every client shares one limit", () => {
    expect(modeWarnings(parseEnv(live), "live")).toEqual([expect.stringMatching(/TRUSTED_PROXY_HOPS.*one per-address limit/)]);
    expect(modeWarnings(parseEnv({ ...live, TRUSTED_PROXY_HOPS: "0" }), "live")).toEqual([expect.stringMatching(/TRUSTED_PROXY_HOPS/)]);
    expect(modeWarnings(parseEnv({ ...live, VERCEL: "1" }), "live")).toEqual([]);
    expect(modeWarnings(parseEnv({}), "demo")).toEqual([]);
  });
});
