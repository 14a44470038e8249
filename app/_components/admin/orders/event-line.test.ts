import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { OrderEvent } from "@/lib/checkout/order-record";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { eventLine } from "./event-line";

type T = Parameters<typeof eventLine>[1];
const say = (locale: "en" | "zh") => createTranslator({ locale, messages: locale === "en" ? en : zh }) as unknown as T;
const line = (event: OrderEvent, locale: "en" | "zh") => eventLine(event, say(locale), locale);

describe("an order event in the reader's language", () => {
  const refund: OrderEvent = {
    at: 0,
    what: "completed → refunding: owner refund of $9.80 asked by a@b.c (full, request r1)",
    to: "refunding",
    words: { kind: "ownerRefundAsked", values: { amount: { minor: 980, currency: "USD" }, by: "a@b.c", kind: "full", request: "r1" } },
  };

  it("says the move in state words and the note from its words, money formatted", () => {
    expect(line(refund, "en")).toEqual({ move: { from: "Completed", to: "Refunding" }, said: "owner refund of $9.80 asked by a@b.c (full, request r1)", recorded: null });
    const chinese = line(refund, "zh");
    expect(chinese.said).toContain("US$9.80");
    expect(chinese.said).toContain("全额");
    expect(`${chinese.move?.from}${chinese.move?.to}${chinese.said}`.replace(/a@b\.c|r1|US\$/g, "")).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("says a screening without signals in words", () => {
    const screened: OrderEvent = { at: 0, what: "screened: allow (no signal)", words: { kind: "screened", values: { decision: "allow", why: "no signal", signals: 0 } } };
    expect(line(screened, "en").said).toBe("screened: allow (no signal)");
    expect(line(screened, "zh").said).toBe("风控筛查：放行（无风险信号）");
  });

  it("says the screening's reason codes and an order state in words", () => {
    const held: OrderEvent = { at: 0, what: "held for review: risk_elevated, card_declines", words: { kind: "heldFor", values: { why: "risk_elevated, card_declines", signals: 2 } } };
    expect(line(held, "en").said).toBe("held for review: Radar: elevated risk, The card has recent declines");
    const chinese = line(held, "zh").said ?? "";
    expect(chinese).not.toContain("risk_elevated");
    expect(chinese.replace(/Radar/g, "")).not.toMatch(/[A-Za-z]{3,}/);
    const blocked: OrderEvent = { at: 0, what: "blocked at authorization: no signal", words: { kind: "blockedFor", values: { why: "no signal", signals: 0 } } };
    expect(line(blocked, "zh").said).toBe("授权时被拦截：无风险信号");
    const stuck: OrderEvent = { at: 0, what: "cannot act: it is authorized without a payment", words: { kind: "cannotActNoPayment", values: { state: "authorized" } } };
    expect(line(stuck, "zh").said).not.toMatch(/authorized/);
  });

  it("says Stripe's dispute and warning codes in Chinese, keeping an unknown code as given", () => {
    const dispute: OrderEvent = { at: 0, what: "dispute dp_1: needs_response (fraudulent)", words: { kind: "dispute", values: { dispute: "dp_1", status: "needs_response", reason: "fraudulent" } } };
    expect(line(dispute, "zh").said).toBe("争议 dp_1：待回应（原因：欺诈）");
    const warning: OrderEvent = { at: 0, what: "early fraud warning w_1 (new_kind)", words: { kind: "fraudWarning", values: { warning: "w_1", fraudType: "new_kind" } } };
    expect(line(warning, "zh").said).toBe("发卡银行发出欺诈警告 w_1（new_kind）");
  });

  it("says what upstream did unexpectedly from the note's surprise part", () => {
    const surprised: OrderEvent = {
      at: 0,
      what: "upstream surprise (notification): upstream delivered it (status 2) while we hold it as failed",
      words: { kind: "surprised", values: { source: "notification" }, parts: { surprise: { kind: "deliveredWhileHeld", values: { status: 2, state: "failed" } } } },
    };
    expect(line(surprised, "en").said).toBe("upstream surprise (a notification): upstream delivered it (status 2) while we hold it as Failed");
    expect(line(surprised, "zh").said).toBe("上游意外情况（通知）：上游已交付（状态 2），而本店将其记为“失败”");
    // Kept before surprises had words: its English `what` shows as recorded.
    const older: OrderEvent = { at: 0, what: "upstream surprise (notification): upstream delivered it", words: { kind: "upstreamSurprise", values: { source: "notification", what: "upstream delivered it" } } };
    expect(line(older, "zh")).toEqual({ move: null, said: null, recorded: "upstream surprise (notification): upstream delivered it" });
  });

  it("keeps a note recorded in English only, and its move still in words", () => {
    const old: OrderEvent = { at: 0, what: "reserved → releasing: confirmation refused: 402", to: "releasing" };
    const chinese = line(old, "zh");
    expect(chinese.said).toBeNull();
    expect(chinese.recorded).toBe("confirmation refused: 402");
    expect(chinese.move?.to).not.toMatch(/[A-Za-z]/);
    expect(line({ at: 0, what: "a note", words: { kind: "noSuchKind", values: {} } }, "zh")).toEqual({ move: null, said: null, recorded: "a note" });
  });
});
