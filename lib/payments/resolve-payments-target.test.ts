import { describe, expect, it } from "vitest";
import { resolvePaymentsTarget, SANDBOX_SECRET_KEY } from "./resolve-payments-target";

describe("resolvePaymentsTarget", () => {
  it("uses the embedded sandbox without a key, and Stripe with one", () => {
    expect(resolvePaymentsTarget({ PARTNER_TEST_MODE: false })).toEqual({ ok: true, value: { kind: "sandbox-embedded", secretKey: SANDBOX_SECRET_KEY } });
    expect(resolvePaymentsTarget({ STRIPE_SECRET_KEY: "sk_live_1", PARTNER_TEST_MODE: false })).toEqual({ ok: true, value: { kind: "stripe", secretKey: "sk_live_1" } });
  });

  it("talks to the sandbox over HTTP when STRIPE_API_URL is set", () => {
    const target = resolvePaymentsTarget({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_API_URL: "http://127.0.0.1:12111", PARTNER_TEST_MODE: false });
    expect(target).toMatchObject({ ok: true, value: { kind: "sandbox-http", secretKey: "sk_test_1" } });
  });

  it("refuses a live key with the sandbox unless PARTNER_TEST_MODE=1", () => {
    const live = { STRIPE_SECRET_KEY: "sk_live_1", STRIPE_API_URL: "http://127.0.0.1:12111" };
    expect(resolvePaymentsTarget({ ...live, PARTNER_TEST_MODE: false })).toMatchObject({ ok: false, error: expect.stringContaining("PARTNER_TEST_MODE") });
    expect(resolvePaymentsTarget({ ...live, PARTNER_TEST_MODE: true })).toMatchObject({ ok: true, value: { kind: "sandbox-http", secretKey: SANDBOX_SECRET_KEY } });
  });
});
