import { describe, expect, it } from "vitest";
import { cardBehaviour } from "./test-cards";

describe("cardBehaviour", () => {
  it("knows Stripe's test cards, with spaces or dashes", () => {
    expect(cardBehaviour("4242 4242 4242 4242")).toEqual({
      kind: "card",
      card: { digits: "4242424242424242", risk: "normal", alwaysBlocked: false, requiresAuthentication: false, decline: null, afterCapture: null },
    });
    expect(cardBehaviour("4000-0000-0000-0002")).toMatchObject({ card: { decline: { decline_code: "generic_decline" } } });
    expect(cardBehaviour("4000000000009995")).toMatchObject({ card: { decline: { decline_code: "insufficient_funds" } } });
    expect(cardBehaviour("4000 0025 0000 3155")).toMatchObject({ card: { requiresAuthentication: true } });
  });

  it("knows Stripe's Radar, dispute and early fraud warning test cards", () => {
    expect(cardBehaviour("4100000000000019")).toMatchObject({ card: { risk: "highest", alwaysBlocked: true } });
    expect(cardBehaviour("4000000000004954")).toMatchObject({ card: { risk: "highest", alwaysBlocked: false } });
    expect(cardBehaviour("4000000000009235")).toMatchObject({ card: { risk: "elevated" } });
    expect(cardBehaviour("4000000000000259")).toMatchObject({ card: { afterCapture: "dispute" } });
    expect(cardBehaviour("4000000000005423")).toMatchObject({ card: { afterCapture: "early_fraud_warning" } });
    expect(cardBehaviour("4000002760003184")).toMatchObject({ card: { requiresAuthentication: true } });
  });

  it("refuses a mistyped number and authorizes another valid one", () => {
    expect(cardBehaviour("4242 4242 4242 4241")).toMatchObject({ kind: "invalid" });
    expect(cardBehaviour("abc")).toMatchObject({ kind: "invalid" });
    expect(cardBehaviour("5555 5555 5555 4444")).toMatchObject({ kind: "card", card: { risk: "normal", decline: null } });
  });
});
