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

  it("refuses a test key in a live shop with a real upstream, so test cards cannot buy real codes", () => {
    for (const key of ["sk_test_1", "rk_test_1"]) {
      const refused = resolvePaymentsTarget({ STRIPE_SECRET_KEY: key, PARTNER_TEST_MODE: false }, "live");
      expect(refused).toMatchObject({ ok: false, error: expect.stringContaining(`STRIPE_SECRET_KEY is a test key (${key.slice(0, 8)})`) });
      expect(refused).toMatchObject({ ok: false, error: expect.stringContaining("PARTNER_TEST_MODE=1") });
      // Test orders cost upstream nothing, so test money may pay for them.
      expect(resolvePaymentsTarget({ STRIPE_SECRET_KEY: key, PARTNER_TEST_MODE: true }, "live")).toEqual({ ok: true, value: { kind: "stripe", secretKey: key } });
    }
  });

  it("refuses every live key in a demo shop, restricted ones too: real money would buy sandbox codes", () => {
    for (const key of ["rk_live_1", "sk_live_1"]) {
      for (const sandbox of [{}, { STRIPE_API_URL: "http://127.0.0.1:12111" }]) {
        const refused = resolvePaymentsTarget({ STRIPE_SECRET_KEY: key, ...sandbox, PARTNER_TEST_MODE: false }, "demo");
        expect(refused).toMatchObject({ ok: false, error: expect.stringContaining(`STRIPE_SECRET_KEY is a live key (${key.slice(0, 8)}) in a demo shop`) });
      }
    }
  });

  it("refuses a live key paying Stripe itself for test orders (PARTNER_TEST_MODE=1)", () => {
    for (const key of ["sk_live_1", "rk_live_1"]) {
      const refused = resolvePaymentsTarget({ STRIPE_SECRET_KEY: key, PARTNER_TEST_MODE: true }, "live");
      expect(refused).toMatchObject({ ok: false, error: expect.stringContaining(`STRIPE_SECRET_KEY is a live key (${key.slice(0, 8)}) but PARTNER_TEST_MODE=1`) });
    }
  });

  it("takes a restricted key wherever the secret key of the same kind is taken", () => {
    expect(resolvePaymentsTarget({ STRIPE_SECRET_KEY: "rk_live_1", PARTNER_TEST_MODE: false }, "live")).toEqual({ ok: true, value: { kind: "stripe", secretKey: "rk_live_1" } });
    expect(resolvePaymentsTarget({ STRIPE_SECRET_KEY: "rk_test_1", PARTNER_TEST_MODE: false }, "demo")).toEqual({ ok: true, value: { kind: "stripe", secretKey: "rk_test_1" } });
  });

  it("refuses a key of no kind Stripe issues, naming the setting but not echoing the key", () => {
    for (const key of ["pk_live_secretish", "whsec_secretish", "secretish", "sk_secretish"]) {
      for (const mode of ["demo", "live"] as const) {
        const refused = resolvePaymentsTarget({ STRIPE_SECRET_KEY: key, PARTNER_TEST_MODE: true }, mode);
        expect(refused).toMatchObject({ ok: false, error: expect.stringContaining("STRIPE_SECRET_KEY") });
        expect(refused).toMatchObject({ ok: false, error: expect.not.stringContaining("secretish") });
      }
    }
  });

  it("sends the sandbox only an sk_test_ key, the one kind it accepts", () => {
    const demo = { STRIPE_SECRET_KEY: "rk_test_1", STRIPE_API_URL: "http://127.0.0.1:12111", PARTNER_TEST_MODE: false };
    expect(resolvePaymentsTarget(demo, "demo")).toMatchObject({ ok: true, value: { kind: "sandbox-http", secretKey: SANDBOX_SECRET_KEY } });
    const staging = { STRIPE_SECRET_KEY: "rk_live_1", STRIPE_API_URL: "http://127.0.0.1:12111", PARTNER_TEST_MODE: true };
    expect(resolvePaymentsTarget(staging, "live")).toMatchObject({ ok: true, value: { kind: "sandbox-http", secretKey: SANDBOX_SECRET_KEY } });
  });
});
