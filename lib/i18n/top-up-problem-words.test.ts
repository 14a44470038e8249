import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { messagesOf } from "./messages";
import { topUpProblemInWords } from "./top-up-problem-words";
import type { Translator } from "./translator";

const en = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;
const zh = createTranslator({ locale: "zh", messages: messagesOf("zh") }) as unknown as Translator;
const range = { code: "out_of_range", min: { minor: 500, currency: "USD" }, max: { minor: 50_000, currency: "USD" } } as const;

describe("a top-up's problems in words", () => {
  it("names the range of a top-up in the buyer's language and number style", () => {
    expect(topUpProblemInWords(en, "en", range)).toBe("Enter an amount from $5.00 to $500.00");
    expect(topUpProblemInWords(zh, "zh", range)).toBe("请输入 US$5.00 至 US$500.00 之间的金额");
    expect(topUpProblemInWords(zh, "zh", { code: "whole_number", currency: "JPY" })).toBe("请输入整数：JPY 没有小数");
    expect(topUpProblemInWords(en, "en", { code: "unreachable" })).toBe("We could not price this amount just now. Please try again.");
    expect(topUpProblemInWords(zh, "zh", { code: "other", message: "As the server said" })).toBe("As the server said");
  });
});
