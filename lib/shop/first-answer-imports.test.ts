// What a fresh checkout function evaluates before its first answer: the route's modules and
// everything they import statically. What the checkout uses only after its answer, or only on
// a rare refusal, is imported where it is used (docs/architecture-decisions.md items 222, 234, 279),
// so that a cold start does not pay for it.
import { describe, expect, it } from "vitest";
import { loadedWith } from "@/scripts/import-scan";

const CHECKOUT_ROUTE = "app/api/checkout/route.ts";

describe("a checkout function's first answer", () => {
  const loaded = [...loadedWith(CHECKOUT_ROUTE)];

  it("loads neither language's messages nor next-intl (the order email and an amount's refusal load them)", () => {
    expect(loaded.filter((module) => /^lib\/i18n\/(messages|english|email-words)\b|^(next-intl|use-intl)\b|\.json$/.test(module))).toEqual([]);
  });

  it("loads neither nodemailer nor the QStash client (the email and the deadline's message go after the answer)", () => {
    expect(loaded.filter((module) => /^(nodemailer|@upstash\/qstash)\b/.test(module))).toEqual([]);
  });

  it("loads no Next cache (the product pages read the owner's face-value comparison through it, the admin expires it)", () => {
    expect(loaded.filter((module) => /^next\/cache\b|^lib\/shop\/(face-value-comparison|cache-tags)\b/.test(module))).toEqual([]);
  });

  it("is read from the imports themselves (the scan sees what the words bring in)", () => {
    expect([...loadedWith("lib/i18n/english.ts")]).toEqual(expect.arrayContaining(["lib/i18n/messages.ts", "next-intl", "lib/i18n/messages/en.json"]));
  });
});
