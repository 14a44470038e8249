import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import type { Translator } from "../i18n/words";
import { checkoutProblemInWords, topUpProblemInWords } from "./problem-words";

const en = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;
const zh = createTranslator({ locale: "zh", messages: messagesOf("zh") }) as unknown as Translator;
const range = { code: "out_of_range", min: { minor: 500, currency: "USD" }, max: { minor: 50_000, currency: "USD" } } as const;

describe("the purchase panel's problems in words", () => {
  it("names the range of a top-up in the buyer's language and number style", () => {
    expect(topUpProblemInWords(en, "en", range)).toBe("Enter an amount from $5.00 to $500.00");
    expect(topUpProblemInWords(zh, "zh", range)).toBe("请输入 US$5.00 至 US$500.00 之间的金额");
    expect(topUpProblemInWords(zh, "zh", { code: "whole_number", currency: "JPY" })).toBe("请输入整数：JPY 没有小数");
    expect(topUpProblemInWords(en, "en", { code: "unreachable" })).toBe("We could not price this amount just now. Please try again.");
    expect(topUpProblemInWords(zh, "zh", { code: "other", message: "As the server said" })).toBe("As the server said");
  });

  it("says why a checkout did not start", () => {
    expect(checkoutProblemInWords(en, { code: "too_many", seconds: 30 })).toBe("Too many orders from your connection; try again in 30 s.");
    expect(checkoutProblemInWords(en, { code: "too_many", seconds: null })).toBe("Too many orders from your connection; try again in a minute.");
    expect(checkoutProblemInWords(zh, { code: "failed", status: 502 })).toBe("本店无法创建订单（502）；未产生任何扣款。");
    expect(checkoutProblemInWords(en, { code: "refused", message: "email must be an email address" })).toBe("email must be an email address");
  });
});
