import { describe, expect, it } from "vitest";
import { cardBehaviour } from "./test-cards";

describe("cardBehaviour", () => {
  it("knows Stripe's test cards, with spaces or dashes", () => {
    expect(cardBehaviour("4242 4242 4242 4242")).toEqual({ kind: "authorize" });
    expect(cardBehaviour("4000-0000-0000-0002")).toMatchObject({ kind: "decline", decline_code: "generic_decline" });
    expect(cardBehaviour("4000000000009995")).toMatchObject({ kind: "decline", decline_code: "insufficient_funds" });
    expect(cardBehaviour("4000 0025 0000 3155")).toEqual({ kind: "authenticate" });
  });

  it("refuses a mistyped number and authorizes another valid one", () => {
    expect(cardBehaviour("4242 4242 4242 4241")).toMatchObject({ kind: "invalid" });
    expect(cardBehaviour("abc")).toMatchObject({ kind: "invalid" });
    expect(cardBehaviour("5555 5555 5555 4444")).toEqual({ kind: "authorize" });
  });
});
