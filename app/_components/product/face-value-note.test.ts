import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import { formatMoney } from "@/lib/money/format-money";
import type { Translator } from "../i18n/words";
import { faceValueNote } from "./face-value-note";

const en = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;
const zh = createTranslator({ locale: "zh", messages: messagesOf("zh") }) as unknown as Translator;
const english = (money: Parameters<typeof formatMoney>[0]) => formatMoney(money, "en");

describe("face value note", () => {
  it("states the face value and the saving against it", () => {
    expect(faceValueNote(en, english, { minor: 950, currency: "USD" }, { minor: 1000, currency: "USD" })).toEqual({
      face: "Face value $10.00",
      difference: "Save 5%",
      kind: "saving",
    });
  });

  it("states a premium plainly, in either language", () => {
    expect(faceValueNote(en, english, { minor: 1078, currency: "USD" }, { minor: 1000, currency: "USD" })?.difference).toBe("8% over face value");
    expect(faceValueNote(zh, (m) => formatMoney(m, "zh-Hans"), { minor: 1078, currency: "USD" }, { minor: 1000, currency: "USD" })).toEqual({
      face: "面值 US$10.00",
      difference: "高于面值 8%",
      kind: "premium",
    });
  });

  it("compares only as far as the owner chose, always stating the face value", () => {
    const premium = [{ minor: 1078, currency: "USD" }, { minor: 1000, currency: "USD" }] as const;
    const saving = [{ minor: 950, currency: "USD" }, { minor: 1000, currency: "USD" }] as const;
    expect(faceValueNote(en, english, ...premium, "savings")).toEqual({ face: "Face value $10.00", difference: null, kind: null });
    expect(faceValueNote(en, english, ...saving, "savings")?.difference).toBe("Save 5%");
    expect(faceValueNote(en, english, ...saving, "none")).toEqual({ face: "Face value $10.00", difference: null, kind: null });
  });

  it("shows a face value in another currency without comparing", () => {
    expect(faceValueNote(en, english, { minor: 1164, currency: "USD" }, { minor: 1000, currency: "EUR" })).toEqual({
      face: "Face value €10.00",
      difference: null,
      kind: null,
    });
  });

  it("has nothing to say without a face value", () => {
    expect(faceValueNote(en, english, { minor: 1000, currency: "USD" }, null)).toBeNull();
  });
});
