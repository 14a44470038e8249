import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { AlertRecord } from "@/lib/alerts";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { ownerAlert } from "@/lib/alerts/owner-alert";
import { alertNoteWords } from "@/lib/checkout/alert-notes";
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

type T = Parameters<typeof alertText>[1];
const say = (locale: "en" | "zh") => createTranslator({ locale, messages: locale === "en" ? en : zh }) as unknown as T;

describe("an alert in the reader's language", () => {
  it("formats the low-balance amount as money in both languages, never as minor units", () => {
    const alert = record(lowBalanceAlert(-100_980, "USD"));
    expect(alert.detail).toContain("$1,009.80 below the low-balance threshold");
    expect(alert.detail).not.toMatch(/minor units|-100980/);
    expect(alertText(alert, say("en"), "en")).toMatchObject({ title: "Partner balance low", recorded: null, english: false });
    const chinese = alertText(alert, say("zh"), "zh");
    expect(chinese.title).toBe("合作方余额不足");
    expect(chinese.detail).toContain("US$1,009.80");
    expect(chinese.detail).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("keeps an alert recorded before words existed as it was written", () => {
    const old = record({ title: "Partner balance low", detail: "(-100980 minor units of USD over it)" });
    expect(alertText(old, say("zh"), "zh")).toEqual({ title: "Partner balance low", detail: "(-100980 minor units of USD over it)", recorded: null, english: true });
  });

  it("translates an order's title and keeps a detail raised without words apart, as recorded", () => {
    const alert = record({ title: "Order X needs the owner", detail: "a released order's payment is captured", words: { kind: "order", values: { orderId: "01KF0RDQG0M3SJGCGNZDBBVG7B" } } });
    expect(alertText(alert, say("zh"), "zh")).toEqual({ title: "订单 01KF0RDQG0M3SJGCGNZDBBVG7B 需要店主处理", detail: "", recorded: "a released order's payment is captured", english: false });
  });

  it("says the checkout's detail in words: money formatted, its parts said first", () => {
    const id = "01KF0RDQG0M3SJGCGNZDBBVG7B";
    const refund = ownerAlert(id, { text: "", words: alertNoteWords({ kind: "refundUnconfirmed", values: { amount: { minor: 980, currency: "USD" }, request: "r1" } }) });
    const chinese = alertText(record({ title: "", detail: "", words: refund.words }), say("zh"), "zh");
    expect(chinese).toMatchObject({ title: `订单 ${id} 需要店主处理`, recorded: null, english: false });
    expect(chinese.detail).toBe("一笔 US$9.80 的退款（请求 r1）始终未得到 Stripe 确认：请在 Stripe 后台检查该付款");

    const stuck = alertNoteWords({ kind: "stuck", values: { state: "authorized", tries: 5 }, event: { kind: "refundNotDone", values: { code: "charge_disputed" } } });
    const words = ownerAlert(id, { text: "", words: stuck }).words;
    expect(alertText(record({ title: "", detail: "", words }), say("en"), "en").detail).toBe("stuck in Authorized after 5 tries: refund not done (charge_disputed)");
    const zhStuck = alertText(record({ title: "", detail: "", words }), say("zh"), "zh").detail;
    expect(zhStuck).not.toContain("authorized");
    expect(zhStuck.replace(/charge_disputed/g, "")).not.toMatch(/[A-Za-z]{3,}/);

    const surprise = alertNoteWords({ kind: "surprise", values: { source: "re_read", heard: "re read", orderId: id }, surprise: { kind: "deliveredWhileHeld", values: { status: 2, state: "failed" } } });
    const zhSurprise = alertText(record({ title: "", detail: "", words: ownerAlert(id, { text: "", words: surprise }, "surprise").words }), say("zh"), "zh").detail;
    expect(zhSurprise).toBe(`上游已交付（状态 2），而本店将其记为“失败”（来源：重新查询）：请按 ext_order_id ${id} 到上游查询该订单`);
  });

  it("keeps the English detail as recorded when a part is of a kind this release does not know", () => {
    const words = { kind: "order", values: { orderId: "X" }, detail: { kind: "stuck", values: { state: "authorized", tries: 5 }, parts: { event: { kind: "noSuchKind", values: {} } } } };
    expect(alertText(record({ title: "t", detail: "authorized has not moved after 5 tries: something", words }), say("zh"), "zh")).toMatchObject({
      detail: "",
      recorded: "authorized has not moved after 5 tries: something",
    });
  });
});
