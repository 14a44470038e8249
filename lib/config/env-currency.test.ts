import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

describe("currency configuration", () => {
  it("refuses an exchange rate of zero or below at start, naming the pair", () => {
    expect(() => parseEnv({ EXCHANGE_RATES: "EUR:1.08,JPY:0" })).toThrow(/EXCHANGE_RATES: "JPY:0": the rate for JPY must be above 0/);
    expect(() => parseEnv({ EXCHANGE_RATES: "JPY:0.00000000" })).toThrow(/"JPY:0.00000000": the rate for JPY must be above 0/);
    expect(() => parseEnv({ EXCHANGE_RATES: "EUR:-1.08" })).toThrow(/"EUR:-1.08" is not CUR:rate/);
    expect(() => parseEnv({ EXCHANGE_RATES: "XYZ:2" })).toThrow(/"XYZ:2": XYZ is not an ISO 4217 currency code/);
    expect(parseEnv({ EXCHANGE_RATES: "EUR:1.08, JPY:0.0067" }).EXCHANGE_RATES).toEqual({ EUR: "1.08", JPY: "0.0067" });
  });

  it("takes only a store currency Intl knows, naming a bad one", () => {
    expect(parseEnv({ STORE_CURRENCY: "JPY" }).STORE_CURRENCY).toBe("JPY");
    expect(parseEnv({}).STORE_CURRENCY).toBe("USD");
    expect(() => parseEnv({ STORE_CURRENCY: "XYZ" })).toThrow(ConfigError);
    expect(() => parseEnv({ STORE_CURRENCY: "XYZ" })).toThrow(/STORE_CURRENCY: XYZ is not an ISO 4217 currency code/);
    expect(() => parseEnv({ STORE_CURRENCY: "usd" })).toThrow(/STORE_CURRENCY: expected a 3-letter currency code/);
  });
});
