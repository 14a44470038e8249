import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import { countryName, deliveryInWords, durationInWords, regionName, typicalDeliveryInWords, unavailableInWords, type Translator } from "./words";

const en = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;
const zh = createTranslator({ locale: "zh", messages: messagesOf("zh") }) as unknown as Translator;

describe("delivery times", () => {
  it("says durations in words, in both languages", () => {
    expect(durationInWords(1, "en")).toBe("1 minute");
    expect(durationInWords(5, "en")).toBe("5 minutes");
    expect(durationInWords(60, "en")).toBe("1 hour");
    expect(durationInWords(90, "en")).toBe("1 hour 30 minutes");
    expect(durationInWords(1440, "en")).toBe("1 day");
    expect(durationInWords(4320 + 120, "en")).toBe("3 days 2 hours");
    expect(durationInWords(0, "en")).toBe("0 minutes");
    expect(durationInWords(90, "zh")).toBe("1小时30分钟");
  });

  it("gives target and maximum together", () => {
    expect(deliveryInWords(en, "en", 5, 60)).toBe("Usually within 5 minutes, at most 1 hour");
    expect(deliveryInWords(en, "en", 30, 30)).toBe("Within 30 minutes");
    expect(typicalDeliveryInWords(en, "en", 3)).toBe("Usually within 3 minutes");
    expect(deliveryInWords(zh, "zh", 5, 60)).toBe("通常 5分钟内到账，最长 1小时");
  });
});

describe("places and reasons", () => {
  it("names regions and countries in the page's language", () => {
    expect(regionName(en, "LATAM")).toBe("Latin America");
    expect(regionName(zh, "LATAM")).toBe("拉丁美洲");
    expect(regionName(en, "ANTARCTICA")).toBe("ANTARCTICA");
    expect(countryName("en", "BR")).toBe("Brazil");
    expect(countryName("zh", "BR")).toBe("巴西");
    expect(countryName("en", "not-a-code")).toBe("not-a-code");
  });

  it("explains why something cannot be bought", () => {
    expect(unavailableInWords(en, "out_of_stock")).toBe("Out of stock");
    expect(unavailableInWords(en, "temporarily_unavailable")).toBe("Out of stock");
    expect(unavailableInWords(zh, "out_of_stock")).toBe("缺货");
    expect(unavailableInWords(en, null)).toBe("Not available");
  });
});
