import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import type { Translator } from "@/lib/i18n/translator";
import { checkoutProblemInWords } from "./problem-words";

const en = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;
const zh = createTranslator({ locale: "zh", messages: messagesOf("zh") }) as unknown as Translator;

describe("a checkout's problems in words", () => {
  it("says why a checkout did not start", () => {
    expect(checkoutProblemInWords(en, { code: "too_many", seconds: 30 })).toBe("Too many orders from your connection; try again in 30 s.");
    expect(checkoutProblemInWords(en, { code: "too_many", seconds: null })).toBe("Too many orders from your connection; try again in a minute.");
    expect(checkoutProblemInWords(zh, { code: "failed", status: 502 })).toBe("本店无法创建订单（502）；未产生任何扣款。");
    expect(checkoutProblemInWords(en, { code: "refused", message: "email must be an email address" })).toBe("email must be an email address");
  });
});
