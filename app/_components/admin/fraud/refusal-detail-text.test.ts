import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import type { Refusal } from "@/lib/fraud/refusal-log";
import { refusalDetailText } from "./refusal-detail-text";

type T = Parameters<typeof refusalDetailText>[1];
const say = (locale: "en" | "zh") => createTranslator({ locale, messages: locale === "en" ? en : zh }) as unknown as T;

const EVERY_KIND: Refusal["detail"][] = [
  { kind: "breakerPause", values: {} },
  { kind: "breakerChallenge", values: {} },
  { kind: "botMissing", values: {} },
  { kind: "botRefused", values: { errors: "invalid-input-response" } },
  { kind: "botNotSuccessful", values: {} },
  { kind: "botWrongHostname", values: { hostname: "evil.test" } },
  { kind: "botWrongAction", values: { action: "login" } },
  { kind: "botUnavailable", values: { message: "fetch failed" } },
  { kind: "blocked", values: { blockKind: "ip", value: "203.0.113.0/24" } },
  { kind: "blockedBecause", values: { blockKind: "email_domain", value: "*.mailinator.test", reason: "disposable" } },
  { kind: "capsCurrency", values: { caps: "EUR", price: "JPY" } },
  { kind: "tokenReused", values: {} },
  { kind: "overCap", values: { cap: "firstHourOrders" } },
];

describe("a refusal's detail in the reader's language", () => {
  it("says every kind in Chinese, with only the values the shop saw left as they were", () => {
    for (const detail of EVERY_KIND) {
      const text = refusalDetailText(detail, say("zh"), "zh");
      const values = typeof detail === "string" ? [] : Object.values(detail.values);
      // What is left once the values are taken out is Chinese: no English word of three letters or more.
      const words = values.reduce<string>((left, value) => left.replace(value, ""), text);
      expect(words, JSON.stringify(detail)).not.toMatch(/[A-Za-z]{3,}/);
      for (const value of values) if (!["email_domain", "ip"].includes(value)) expect(text, JSON.stringify(detail)).toContain(value);
    }
  });

  it("names a blocklist entry's kind in the reader's words", () => {
    const detail: Refusal["detail"] = { kind: "blockedBecause", values: { blockKind: "email_domain", value: "*.mailinator.test", reason: "disposable" } };
    expect(refusalDetailText(detail, say("zh"), "zh")).toContain("邮箱域名");
    expect(refusalDetailText(detail, say("en"), "en")).toBe("Email domain *.mailinator.test is on the blocklist (disposable)");
  });

  it("says in English what it said before (the words are the old sentences)", () => {
    expect(refusalDetailText({ kind: "botMissing", values: {} }, say("en"), "en")).toBe("no token");
    expect(refusalDetailText({ kind: "capsCurrency", values: { caps: "EUR", price: "JPY" } }, say("en"), "en")).toBe("the amount caps are in EUR and the prices give no rate into JPY");
  });

  it("shows a refusal recorded before details had words as it was recorded", () => {
    expect(refusalDetailText("no token", say("zh"), "zh")).toBe("no token");
  });
});
