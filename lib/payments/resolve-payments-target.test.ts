import { describe, expect, it } from "vitest";
import { resolvePaymentsTarget, SANDBOX_SECRET_KEY } from "./resolve-payments-target";

describe("resolvePaymentsTarget", () => {
  it("pays a demo shop in the embedded sandbox, and a live shop through Stripe", () => {
    expect(resolvePaymentsTarget({ PARTNER_TEST_MODE: false }, "demo")).toEqual({ ok: true, value: { kind: "sandbox-embedded", secretKey: SANDBOX_SECRET_KEY } });
    expect(resolvePaymentsTarget({ STRIPE_SECRET_KEY: "sk_live_1", PARTNER_TEST_MODE: false }, "live")).toEqual({ ok: true, value: { kind: "stripe", secretKey: "sk_live_1" } });
  });

  it("talks to the sandbox over HTTP when STRIPE_API_URL is set", () => {
    const target = resolvePaymentsTarget({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_API_URL: "http://127.0.0.1:12111", PARTNER_TEST_MODE: false }, "demo");
    expect(target).toMatchObject({ ok: true, value: { kind: "sandbox-http", secretKey: "sk_test_1" } });
  });

  it("refuses the sandbox in a live shop unless PARTNER_TEST_MODE=1, whatever the key", () => {
    for (const key of ["sk_live_1", "sk_test_1"]) {
      const live = { STRIPE_SECRET_KEY: key, STRIPE_API_URL: "http://127.0.0.1:12111" };
      expect(resolvePaymentsTarget({ ...live, PARTNER_TEST_MODE: false }, "live")).toMatchObject({ ok: false, error: expect.stringContaining("PARTNER_TEST_MODE") });
      expect(resolvePaymentsTarget({ ...live, PARTNER_TEST_MODE: true }, "live")).toMatchObject({ ok: true, value: { kind: "sandbox-http" } });
    }
    expect(resolvePaymentsTarget({ PARTNER_TEST_MODE: false }, "live")).toMatchObject({ ok: false });
  });

  it("never sends a live key to the sandbox, and refuses one in a demo shop", () => {
    const target = resolvePaymentsTarget({ STRIPE_SECRET_KEY: "sk_live_1", STRIPE_API_URL: "http://127.0.0.1:12111", PARTNER_TEST_MODE: true }, "live");
    expect(target).toMatchObject({ ok: true, value: { secretKey: SANDBOX_SECRET_KEY } });
    expect(resolvePaymentsTarget({ STRIPE_SECRET_KEY: "sk_live_1", PARTNER_TEST_MODE: false }, "demo")).toMatchObject({ ok: false, error: expect.stringContaining("demo") });
  });
});
