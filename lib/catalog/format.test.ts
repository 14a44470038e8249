import { describe, expect, it } from "vitest";
import {
  countryName,
  currencyDigits,
  deliveryInWords,
  durationInWords,
  formatPrice,
  minorToDecimalString,
  regionName,
  typicalDeliveryInWords,
  unavailableInWords,
} from "./format";

describe("money", () => {
  it("knows each currency's minor-unit digits", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("turns minor units into exact decimal strings", () => {
    expect(minorToDecimalString(1999, "USD")).toBe("19.99");
    expect(minorToDecimalString(5, "USD")).toBe("0.05");
    expect(minorToDecimalString(0, "EUR")).toBe("0.00");
    expect(minorToDecimalString(1200, "JPY")).toBe("1200");
    expect(minorToDecimalString(-250, "USD")).toBe("-2.50");
    expect(minorToDecimalString(900719925474099, "USD")).toBe("9007199254740.99");
  });

  it("formats prices in the buyer's locale", () => {
    expect(formatPrice({ minor: 1999, currency: "USD" })).toBe("$19.99");
    expect(formatPrice({ minor: 100000, currency: "USD" })).toBe("$1,000.00");
    expect(formatPrice({ minor: 1050, currency: "EUR" }, "de-DE")).toBe("10,50\u00a0€");
    expect(formatPrice({ minor: 500, currency: "JPY" }, "en")).toBe("¥500");
  });
});

describe("delivery times", () => {
  it("says durations in words", () => {
    expect(durationInWords(1)).toBe("1 minute");
    expect(durationInWords(5)).toBe("5 minutes");
    expect(durationInWords(60)).toBe("1 hour");
    expect(durationInWords(90)).toBe("1 hour 30 minutes");
    expect(durationInWords(180)).toBe("3 hours");
    expect(durationInWords(1440)).toBe("1 day");
    expect(durationInWords(4320 + 120)).toBe("3 days 2 hours");
  });

  it("gives target and maximum together", () => {
    expect(deliveryInWords(5, 60)).toBe("usually within 5 minutes, at most 1 hour");
    expect(deliveryInWords(30, 30)).toBe("within 30 minutes");
    expect(typicalDeliveryInWords(3)).toBe("Usually within 3 minutes");
  });
});

describe("places and reasons", () => {
  it("names regions and countries", () => {
    expect(regionName("LATAM")).toBe("Latin America");
    expect(regionName("ANTARCTICA")).toBe("ANTARCTICA");
    expect(countryName("BR")).toBe("Brazil");
    expect(countryName("not-a-code")).toBe("not-a-code");
  });

  it("explains why something cannot be bought", () => {
    expect(unavailableInWords("out_of_stock")).toBe("Out of stock");
    expect(unavailableInWords("temporarily_unavailable")).toBe("Out of stock");
    expect(unavailableInWords(null)).toBe("Not available");
  });
});
