import { describe, expect, it } from "vitest";
import {
  countryName,
  deliveryInWords,
  durationInWords,
  regionName,
  typicalDeliveryInWords,
  unavailableInWords,
} from "./format";

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
