import { describe, expect, it } from "vitest";
import { toStripeAmount } from "./minor-units";

describe("toStripeAmount", () => {
  it("passes minor units through for two- and zero-decimal currencies", () => {
    expect(toStripeAmount({ minor: 1999, currency: "USD" })).toEqual({ amount: 1999, currency: "usd" });
    expect(toStripeAmount({ minor: 1500, currency: "JPY" })).toEqual({ amount: 1500, currency: "jpy" });
  });

  it("sends ISK with Stripe's two always-zero decimals", () => {
    expect(toStripeAmount({ minor: 1500, currency: "ISK" })).toEqual({ amount: 150000, currency: "isk" });
  });

  it("refuses fractions, negatives and bad codes", () => {
    expect(() => toStripeAmount({ minor: 10.5, currency: "USD" })).toThrow(RangeError);
    expect(() => toStripeAmount({ minor: -1, currency: "USD" })).toThrow(RangeError);
    expect(() => toStripeAmount({ minor: 1, currency: "US" })).toThrow(RangeError);
  });
});
