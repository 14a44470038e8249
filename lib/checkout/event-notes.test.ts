import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { EVENT_NOTE_KINDS, noteText, noteWords } from "./event-notes";

describe("an order event's note", () => {
  it("is stored in English from its kind and values, money formatted, and keeps its words", () => {
    const note = { kind: "ownerRefundAsked", values: { amount: { minor: 980, currency: "USD" }, by: "owner@shop.example", kind: "full", request: "r1" } } as const;
    expect(noteText(note)).toBe("owner refund of $9.80 asked by owner@shop.example (full, request r1)");
    expect(noteWords(note)).toEqual({ kind: "ownerRefundAsked", values: note.values });
  });

  it("says what upstream did unexpectedly as a part, in English and in words", () => {
    const note = { kind: "surprised", values: { source: "re_read" }, surprise: { kind: "deliveredUnpaid", values: { status: 2 } } } as const;
    expect(noteText(note)).toBe("upstream surprise (re_read): upstream delivered it (status 2) but the buyer never paid");
    expect(noteWords(note)).toEqual({ kind: "surprised", values: { source: "re_read" }, parts: { surprise: { kind: "deliveredUnpaid", values: { status: 2 } } } });
  });

  it("fills in no value it was not given", () => {
    expect(noteText({ kind: "reserved" })).toBe("reserved upstream (status {status})");
    expect(noteText({ kind: "paymentCaptured" })).toBe("payment captured");
    expect(noteWords({ kind: "paymentCaptured" })).toEqual({ kind: "paymentCaptured", values: {} });
  });

  it("keeps the English the event log stored before the note had words", () => {
    expect(noteText({ kind: "confirmationBalanceLow" })).toBe("confirmation refused: partner balance too low (402)");
    expect(noteText({ kind: "cannotActNoPayment", values: { state: "authorized" } })).toBe("cannot act: it is authorized without a payment");
    expect(noteText({ kind: "upstreamCallStatus", values: { call: "order info", status: 1 } })).toBe("order info: status 1");
  });

  it.each([
    ["en", en.admin.orders.events],
    ["zh", zh.admin.orders.events],
  ] as const)("has words in %s for every kind, and no words for a kind that is gone", (locale, events) => {
    const said: Record<string, string> = events;
    const missing = EVENT_NOTE_KINDS.filter((kind) => typeof said[kind] !== "string");
    expect(missing).toEqual([]);
    expect(Object.keys(said).filter((kind) => !(EVENT_NOTE_KINDS as string[]).includes(kind))).toEqual([]);
    // Each message parses as ICU, so a typo shows here rather than on the order page.
    for (const kind of EVENT_NOTE_KINDS) expect(() => new IntlMessageFormat(said[kind]!, locale)).not.toThrow();
  });

  it("says each kind in Chinese without English words", () => {
    // Every value as 1, so a select falls to its other branch: what is left is the message's own words.
    const ones = new Proxy({}, { get: () => 1, has: () => true });
    const names = /Stripe|Radar|CHECKOUT_CODE_KEY|ext_order_id|\/api\/pay|Secure/g;
    const english = Object.entries(zh.admin.orders.events)
      .map(([kind, text]) => [kind, String(new IntlMessageFormat(text, "zh").format(ones))] as const)
      .filter(([, said]) => /[A-Za-z]{3,}/.test(said.replace(names, "")));
    expect(english).toEqual([]);
  });
});
