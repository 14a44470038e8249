import { describe, expect, it } from "vitest";
import { currencyFormSchema } from "./currency-form-schema";

describe("the store currency form", () => {
  it("reads the rates, an empty one as missing, a comma as a decimal point", () => {
    expect(currencyFormSchema.parse({ from: "USD", to: "JPY", "rate.USD": " 150,5 ", "rate.EUR": "" })).toEqual({ from: "USD", to: "JPY", rates: { USD: "150.5", EUR: null } });
  });

  it("names the rate that is not a rate, and refuses an unknown currency", () => {
    const wrong = currencyFormSchema.safeParse({ from: "USD", to: "JPY", "rate.USD": "-1" });
    expect(wrong.error?.issues[0]).toMatchObject({ path: ["rate.USD"], message: "rate" });
    expect(currencyFormSchema.safeParse({ from: "USD", to: "XYZ" }).error?.issues[0]).toMatchObject({ path: ["to"], message: "currency" });
  });
});
