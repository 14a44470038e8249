// Every kind the checkout says to the owner has words in both of the admin's languages: an
// alert's detail, the order's own alert, what upstream did unexpectedly. A kind without them
// would show its English on the Chinese admin.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { ALERT_NOTE_KINDS, alertNoteText, alertNoteWords } from "./alert-notes";
import { ORDER_ALERT_KINDS, orderAlert } from "./order-alerts";
import { SURPRISE_KINDS } from "./surprise-notes";

const vocabularies = [
  ["alert details", ALERT_NOTE_KINDS, en.admin.alerts.details, zh.admin.alerts.details],
  ["order alerts", ORDER_ALERT_KINDS, en.admin.orders.alerts, zh.admin.orders.alerts],
  ["surprises", SURPRISE_KINDS, en.admin.orders.surprises, zh.admin.orders.surprises],
] as const;

// Every value as 1, so a select falls to its other branch: what is left is the message's own words.
const ones = new Proxy({}, { get: () => 1, has: () => true });
/** Names and codes the owner meets as they are (Stripe's, upstream's field, a setting). */
const names = /Stripe|ext_order_id|EXCHANGE_RATES/g;

describe.each(vocabularies)("the %s", (_name, kinds, english, chinese) => {
  it.each([
    ["en", english],
    ["zh", chinese],
  ] as const)("have words in %s for every kind, and none for a kind that is gone", (locale, messages) => {
    const said: Record<string, string> = messages;
    expect((kinds as readonly string[]).filter((kind) => typeof said[kind] !== "string")).toEqual([]);
    expect(Object.keys(said).filter((kind) => !(kinds as readonly string[]).includes(kind))).toEqual([]);
    for (const kind of kinds) expect(() => new IntlMessageFormat(said[kind]!, locale)).not.toThrow();
  });

  it("say each kind in Chinese without English words", () => {
    const left = Object.entries(chinese as Record<string, string>)
      .map(([kind, text]) => [kind, String(new IntlMessageFormat(text, "zh").format(ones))] as const)
      .filter(([, said]) => /[A-Za-z]{3,}/.test(said.replace(names, "")));
    expect(left).toEqual([]);
  });
});

describe("the owner's alert detail", () => {
  it("is English for the email from its kind, values and parts, with the words kept beside it", () => {
    const stuck = { kind: "stuck", values: { state: "authorized", tries: 5 }, event: { kind: "refundNotDone", values: { code: "charge_disputed" } } } as const;
    expect(alertNoteText(stuck)).toBe("authorized has not moved after 5 tries: refund not done (charge_disputed)");
    expect(alertNoteWords(stuck)).toEqual({ kind: "stuck", values: stuck.values, parts: { event: { kind: "refundNotDone", values: { code: "charge_disputed" } } } });
    const refund = { kind: "refundUnconfirmed", values: { amount: { minor: 980, currency: "USD" }, request: "r1" } } as const;
    expect(alertNoteText(refund)).toBe("a refund of $9.80 (request r1) was never confirmed by Stripe: check the payment in Stripe's dashboard");
    // Money stays money in the words, for each language to format.
    expect(alertNoteWords(refund)).toEqual({ kind: "refundUnconfirmed", values: refund.values });
  });
});

describe("the order's alert", () => {
  it("sets the English and its words together", () => {
    expect(orderAlert({ kind: "balanceLow" })).toEqual({ alert: "partner balance too low", alertWords: { kind: "balanceLow", values: {} } });
    expect(orderAlert({ kind: "stuck", values: { state: "fulfilling" }, event: { kind: "captureNotDone", values: { code: "timeout" } } })).toEqual({
      alert: "stuck in fulfilling: capture not done (timeout)",
      alertWords: { kind: "stuck", values: { state: "fulfilling" }, parts: { event: { kind: "captureNotDone", values: { code: "timeout" } } } },
    });
  });
});
