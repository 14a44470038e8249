// The spec checker itself: it must flag what the contract test relies on it to flag.
import { describe, expect, it } from "vitest";
import { loadStripeSpec } from "./stripe-spec";

const spec = loadStripeSpec();

describe.skipIf(!spec)("loadStripeSpec().problems", () => {
  it("names a missing required field, one nested through a $ref, and a null where the spec allows none", () => {
    const problems = spec?.problems({ object: "refund", id: "re_1", amount: null, created: 1, currency: "usd", charge: { object: "charge", outcome: {} } }, "refund") ?? [];
    expect(problems).toEqual(expect.arrayContaining(["refund.amount is null but not nullable", "refund.charge.paid is missing", "refund.charge.outcome.type is missing"]));
  });

  it("names a field of another type than the spec's", () => {
    expect(spec?.problems({ object: "refund", id: "re_1", amount: "5", created: 1.5, currency: "usd" }, "refund")).toEqual([
      "refund.amount is string, not integer",
      "refund.created is number, not integer",
    ]);
  });

  it("passes an object with every required field", () => {
    expect(spec?.problems({ object: "refund", id: "re_1", amount: 5, created: 1, currency: "usd" }, "refund")).toEqual([]);
  });
});
