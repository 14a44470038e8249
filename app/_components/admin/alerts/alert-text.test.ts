import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { AlertRecord } from "@/lib/alerts";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { lowBalanceAlert } from "@/lib/operations/sale-check";
import { alertText } from "./alert-text";

const record = (input: Pick<AlertRecord, "title" | "detail"> & { words?: AlertRecord["words"] }): AlertRecord => ({
  id: "a1",
  cause: "low-balance",
  orderId: null,
  link: null,
  firstSeen: 0,
  lastSeen: 0,
  count: 1,
  clearedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  test: false,
  deliveries: [],
  ...input,
});

const say = (locale: "en" | "zh") => createTranslator({ locale, messages: locale === "en" ? en : zh, namespace: "admin.alerts" });

describe("an alert in the reader's language", () => {
  it("formats the low-balance amount as money in both languages, never as minor units", () => {
    const alert = record(lowBalanceAlert(-100_980, "USD"));
    expect(alert.detail).toContain("$1,009.80 below the low-balance threshold");
    expect(alert.detail).not.toMatch(/minor units|-100980/);
    expect(alertText(alert, say("en"), "en")).toMatchObject({ title: "Partner balance low", recorded: null });
    const chinese = alertText(alert, say("zh"), "zh");
    expect(chinese.title).toBe("合作方余额不足");
    expect(chinese.detail).toContain("US$1,009.80");
    expect(chinese.detail).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("keeps an alert recorded before words existed as it was written", () => {
    const old = record({ title: "Partner balance low", detail: "(-100980 minor units of USD over it)" });
    expect(alertText(old, say("zh"), "zh")).toEqual({ title: "Partner balance low", detail: "(-100980 minor units of USD over it)", recorded: null });
  });

  it("translates an order's title and keeps the checkout's own words apart", () => {
    const alert = record({ title: "Order X needs the owner", detail: "a released order's payment is captured", words: { kind: "order", values: { orderId: "01KF0RDQG0M3SJGCGNZDBBVG7B" } } });
    expect(alertText(alert, say("zh"), "zh")).toEqual({ title: "订单 01KF0RDQG0M3SJGCGNZDBBVG7B 需要店主处理", detail: "", recorded: "a released order's payment is captured" });
  });
});
