import { describe, expect, it } from "vitest";
import { parseMoneyInput } from "@/lib/money/parse-money-input";
import { topUpProblemInEnglish } from "./english";

const problem = (text: string, currency: string) => {
  const read = parseMoneyInput(text, currency);
  return read.ok ? null : topUpProblemInEnglish(read.error);
};

describe("the API's words for an amount it refuses", () => {
  it("name the currency's decimals", () => {
    expect(problem("10.5", "JPY")).toBe("Enter a whole number: JPY has no decimals");
    expect(problem("10.505", "USD")).toBe("Enter at most 2 decimals: USD has 2");
    expect(problem("1.2345", "KWD")).toBe("Enter at most 3 decimals: KWD has 3");
    expect(problem("", "USD")).toBe("Enter an amount");
    expect(problem("-5", "USD")).toBe("Enter a number such as 25.50");
    expect(problem("ten", "JPY")).toBe("Enter a number such as 25");
    expect(problem("10", "XYZ")).toBe("Amounts in XYZ cannot be taken");
    expect(problem("1234567890", "USD")).toBe("Enter a number such as 25.50");
  });

  it("name the range and the product's own reasons", () => {
    const range = { code: "out_of_range", min: { minor: 500, currency: "USD" }, max: { minor: 50_000, currency: "USD" } } as const;
    expect(topUpProblemInEnglish(range)).toBe("Enter an amount from $5.00 to $500.00");
    expect(topUpProblemInEnglish({ code: "fixed_amounts" })).toBe("This product has fixed amounts");
    expect(topUpProblemInEnglish({ code: "unavailable" })).toBe("This product cannot be bought right now");
    expect(topUpProblemInEnglish({ code: "not_priced" })).toBe("This top-up cannot be priced right now");
  });
});
