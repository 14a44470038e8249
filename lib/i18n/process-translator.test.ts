import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { messagesOf } from "./messages";
import { processTranslator } from "./process-translator";

describe("the translator kept for the process", () => {
  it("says what a request's translator says, values included", () => {
    for (const locale of LOCALES) {
      const theirs = createTranslator({ locale, messages: messagesOf(locale), timeZone: "UTC" });
      const ours = processTranslator(locale);
      expect(ours("layout.languageSwitch", { language: "中文" })).toBe(theirs("layout.languageSwitch", { language: "中文" }));
      expect(ours("product.redeemIn", { where: "X" })).toBe(theirs("product.redeemIn", { where: "X" }));
      expect(ours.raw("redeem.pc.steps")).toEqual(theirs.raw("redeem.pc.steps"));
    }
  });

  it("is built once per language, so the formats it builds outlive a request", () => {
    expect(processTranslator("en")).toBe(processTranslator("en"));
    expect(processTranslator("zh")).not.toBe(processTranslator("en"));
    expect(processTranslator("zh")("layout.language")).toBe(messagesOf("zh").layout.language);
  });
});
