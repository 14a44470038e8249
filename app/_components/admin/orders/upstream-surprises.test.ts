// The order page's list of what upstream did unexpectedly, in both of the admin's languages.
import { createTranslator } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UpstreamSurprise } from "@/lib/checkout/order-record";
import { messagesOf } from "@/lib/i18n/messages";
import type { Translator } from "@/lib/i18n/translator";
import { UpstreamSurprises } from "./upstream-surprises";

const surprise: UpstreamSurprise = { at: Date.UTC(2026, 0, 15, 12), source: "notification", upstreamOrderId: "4711", status: 2, what: "upstream delivered it (status 2) while we hold it as failed" };
const when = (at: number) => new Date(at).toISOString();

function render(locale: "en" | "zh", surprises: UpstreamSurprise[] | undefined) {
  const t = createTranslator({ locale, messages: messagesOf(locale) }) as unknown as Translator;
  return renderToStaticMarkup(createElement(UpstreamSurprises, { surprises, t, locale, when }));
}

describe("upstream surprises on the admin's order page", () => {
  it("shows each with where it was heard, upstream's id and status, and what did not fit", () => {
    const html = render("en", [surprise]);
    expect(html).toContain("What upstream did that this order did not expect");
    expect(html).toContain("heard from a notification: upstream order 4711, status 2.");
    // Kept before surprises had words: the English as recorded, marked as English.
    expect(html).toContain('<strong lang="en">upstream delivered it (status 2) while we hold it as failed</strong>');
  });

  it("says what did not fit in the reader's language, from its words", () => {
    const said = { ...surprise, words: { kind: "deliveredWhileHeld", values: { status: 2, state: "failed" } } };
    expect(render("en", [said])).toContain("<strong>upstream delivered it (status 2) while we hold it as Failed</strong>");
    expect(render("zh", [said])).toContain("<strong>上游已交付（状态 2），而本店将其记为“失败”</strong>");
  });

  it("speaks Chinese on the Chinese page", () => {
    const html = render("zh", [{ ...surprise, source: "reconciliation", upstreamOrderId: null, status: null }]);
    expect(html).toContain("上游做了本订单未预期的事");
    expect(html).toContain("来源：对账；上游订单 —，状态 —。");
  });

  it("shows nothing for an order upstream never surprised", () => {
    expect(render("en", undefined)).toBe("");
    expect(render("en", [])).toBe("");
  });
});
