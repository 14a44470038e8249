import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { sayWords } from "./say-words";

type T = Parameters<typeof sayWords>[2];
const say = (locale: "en" | "zh") => createTranslator({ locale, messages: locale === "en" ? en : zh }) as unknown as T;

describe("words said in the reader's language", () => {
  it("says an order's alert with the step's note as its part, the state in words", () => {
    const words = { kind: "stuck", values: { state: "fulfilling" }, parts: { event: { kind: "captureNotDone", values: { code: "timeout" } } } };
    expect(sayWords(words, "admin.orders.alerts", say("en"), "en")).toBe("stuck in Fulfilling: capture not done (timeout)");
    expect(sayWords(words, "admin.orders.alerts", say("zh"), "zh")?.replace(/timeout/g, "")).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("formats a stored instant for the reader, in UTC", () => {
    const words = { kind: "held", values: { why: "risk_elevated", signals: 1, deadline: "2026-11-29T17:00:00.000Z" } };
    // ICU puts a narrow space before "PM": \s takes either.
    expect(sayWords(words, "admin.alerts.details", say("en"), "en")).toMatch(/^order held for review \(Radar: elevated risk\): approve or reject it before Nov 29, 2026, 5:00\sPM UTC$/);
    expect(sayWords(words, "admin.alerts.details", say("zh"), "zh")).toMatch(/^订单暂扣待审核（Radar：较高风险）：请在 2026年11月29日\s17:00 UTC 之前批准或拒绝$/);
  });

  it("says nothing for a kind, or a part's kind, it has no words for", () => {
    expect(sayWords({ kind: "noSuchKind", values: {} }, "admin.orders.alerts", say("zh"), "zh")).toBeNull();
    const unknownPart = { kind: "stuck", values: { state: "fulfilling" }, parts: { event: { kind: "noSuchKind", values: {} } } };
    expect(sayWords(unknownPart, "admin.orders.alerts", say("zh"), "zh")).toBeNull();
    const unknownName = { kind: "stuck", values: { state: "fulfilling" }, parts: { elsewhere: { kind: "captureNotDone", values: {} } } };
    expect(sayWords(unknownName, "admin.orders.alerts", say("zh"), "zh")).toBeNull();
  });
});
