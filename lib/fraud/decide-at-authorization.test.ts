import { describe, expect, it } from "vitest";
import type { BlockEntry } from "./block-port";
import { decideAtAuthorization, decidePageAuthentication } from "./decide-at-authorization";
import { DEFAULT_REVIEW_SETTINGS as DEFAULTS } from "./review-settings";
import type { ScreeningSignals } from "./screening-signals";

const calm: ScreeningSignals = { riskLevel: "normal", riskScore: 20, card: "fp_1", cardCountry: "US", ipCountry: "US", authenticated: false, cardOrders: 0, cardDeclines: 0, radarReview: null };
const card: BlockEntry = { kind: "card", value: "fp_1", reason: "early fraud warning", by: "screening", at: 1 };

describe("decideAtAuthorization", () => {
  it("allows a normal-risk payment with nothing against it, with no reasons", () => {
    expect(decideAtAuthorization(calm, null, DEFAULTS, false)).toEqual({ decision: "allow", reasons: [] });
  });

  it("records an allowed payment whose page asked for 3-D Secure as three_d_secure", () => {
    expect(decideAtAuthorization({ ...calm, authenticated: true }, null, DEFAULTS, true)).toEqual({ decision: "three_d_secure", reasons: ["three_d_secure_asked"] });
  });

  it("blocks highest risk and holds elevated risk by default", () => {
    expect(decideAtAuthorization({ ...calm, riskLevel: "highest" }, null, DEFAULTS, false)).toEqual({ decision: "block", reasons: ["risk_highest"] });
    expect(decideAtAuthorization({ ...calm, riskLevel: "elevated" }, null, DEFAULTS, false)).toEqual({ decision: "review", reasons: ["risk_elevated"] });
  });

  it("lets an elevated-risk payment through once the buyer passed 3-D Secure, unless the owner turned that off", () => {
    const authenticated = { ...calm, riskLevel: "elevated", authenticated: true };
    expect(decideAtAuthorization(authenticated, null, DEFAULTS, false)).toEqual({ decision: "allow", reasons: ["risk_elevated_authenticated"] });
    expect(decideAtAuthorization(authenticated, null, { ...DEFAULTS, allowAuthenticated: false }, false).decision).toBe("review");
  });

  it("follows the owner's action for each risk level", () => {
    const settings = { ...DEFAULTS, risk: { normal: "review", elevated: "block", highest: "allow" } as const };
    expect(decideAtAuthorization(calm, null, settings, false).decision).toBe("review");
    expect(decideAtAuthorization({ ...calm, riskLevel: "elevated" }, null, settings, false).decision).toBe("block");
    expect(decideAtAuthorization({ ...calm, riskLevel: "highest" }, null, settings, false)).toEqual({ decision: "allow", reasons: ["risk_highest"] });
  });

  it("blocks a blocklisted card or email whatever Radar says, naming the list", () => {
    expect(decideAtAuthorization(calm, card, DEFAULTS, false)).toEqual({ decision: "block", reasons: ["blocklisted_card"] });
    expect(decideAtAuthorization(calm, { ...card, kind: "email", value: "a@b.c" }, DEFAULTS, true).reasons).toEqual(["blocklisted_email"]);
  });

  it("holds a card used on more orders than the limit, or with declines; blocks it past the decline block", () => {
    expect(decideAtAuthorization({ ...calm, cardOrders: 2 }, null, DEFAULTS, false).decision).toBe("allow");
    expect(decideAtAuthorization({ ...calm, cardOrders: 3 }, null, DEFAULTS, false)).toEqual({ decision: "review", reasons: ["card_velocity"] });
    expect(decideAtAuthorization({ ...calm, cardDeclines: 3 }, null, DEFAULTS, false)).toEqual({ decision: "review", reasons: ["card_declines"] });
    expect(decideAtAuthorization({ ...calm, cardDeclines: 8 }, null, DEFAULTS, false)).toEqual({ decision: "block", reasons: ["card_declines"] });
  });

  it("compares card and IP country only where both are known", () => {
    expect(decideAtAuthorization({ ...calm, cardCountry: "GB" }, null, DEFAULTS, false)).toEqual({ decision: "review", reasons: ["country_mismatch"] });
    expect(decideAtAuthorization({ ...calm, cardCountry: "GB", ipCountry: null }, null, DEFAULTS, false).decision).toBe("allow");
    expect(decideAtAuthorization({ ...calm, cardCountry: "GB" }, null, { ...DEFAULTS, countryMismatch: "allow" }, false).decision).toBe("allow");
  });

  it("holds a payment Radar sent to its own review", () => {
    expect(decideAtAuthorization({ ...calm, radarReview: "prv_1" }, null, DEFAULTS, false)).toEqual({ decision: "review", reasons: ["radar_review"] });
  });

  it("takes the strictest action and lists every reason, strictest first", () => {
    const decided = decideAtAuthorization({ ...calm, riskLevel: "elevated", cardCountry: "GB", cardDeclines: 9 }, null, DEFAULTS, false);
    expect(decided.decision).toBe("block");
    expect(decided.reasons[0]).toBe("card_declines");
    expect([...decided.reasons].sort()).toEqual(["card_declines", "country_mismatch", "risk_elevated"]);
  });
});

describe("decidePageAuthentication", () => {
  it("asks for 3-D Secure always, for flagged buyers, or never, as set", () => {
    expect(decidePageAuthentication(DEFAULTS, false)).toBe(false);
    expect(decidePageAuthentication(DEFAULTS, true)).toBe(true);
    expect(decidePageAuthentication({ ...DEFAULTS, threeDSecure: "always" }, false)).toBe(true);
    expect(decidePageAuthentication({ ...DEFAULTS, threeDSecure: "off" }, true)).toBe(false);
  });
});
