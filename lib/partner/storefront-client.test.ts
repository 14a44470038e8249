import { afterEach, describe, expect, it, vi } from "vitest";

// Loading the sandbox in a live shop fails the test: live mode must never reach it.
vi.mock("@/lib/sandbox/embedded", () => {
  throw new Error("lib/sandbox/embedded was loaded");
});

const liveEnv = {
  SHOP_MODE: "live",
  PARTNER_API_URL: "https://partner.example/api",
  PARTNER_LOGIN: "shop",
  PARTNER_API_KEY: "key",
  STRIPE_SECRET_KEY: "sk_test_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
  SHOP_URL: "http://127.0.0.1:3000",
  CHECKOUT_CODE_KEY: "abababababababababababababababababababababababababababababababab",
};

describe("resolveUpstream", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("in live mode uses the configured upstream without importing the sandbox", async () => {
    for (const [name, value] of Object.entries(liveEnv)) vi.stubEnv(name, value);
    const { resolveUpstream } = await import("./storefront-client");
    await expect(resolveUpstream()).resolves.toMatchObject({ baseUrl: "https://partner.example/api", login: "shop", embedded: false });
  });

  it("in demo mode does import the sandbox (so the mock above is what guards live mode)", async () => {
    for (const name of Object.keys(liveEnv)) vi.stubEnv(name, "");
    vi.stubEnv("VERCEL", "");
    const { resolveUpstream } = await import("./storefront-client");
    await expect(resolveUpstream()).rejects.toThrow(/error when mocking a module/);
  });
});
