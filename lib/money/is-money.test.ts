import { describe, expect, it } from "vitest";
import { isMoney } from "./is-money";
import { moneySchema } from "./money";

const VALUES: unknown[] = [
  { minor: 737, currency: "USD" },
  { minor: 0, currency: "JPY" },
  { minor: -5, currency: "KWD" },
  { minor: 7.5, currency: "USD" },
  { minor: 2 ** 53, currency: "USD" },
  { minor: "737", currency: "USD" },
  { minor: 737, currency: "XYZ1" },
  { minor: 737 },
  { currency: "USD" },
  null,
  "737 USD",
];

describe("money checked in the browser", () => {
  it("accepts exactly what moneySchema accepts", () => {
    for (const value of VALUES) expect(isMoney(value), JSON.stringify(value)).toBe(moneySchema.safeParse(value).success);
  });
});
