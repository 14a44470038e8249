import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

describe("Partner client settings", () => {
  it("reads whole seconds and a count of retries, and leaves them unset for the client's defaults", () => {
    const config = parseEnv({ PARTNER_TIMEOUT_SECONDS: "8", PARTNER_PAY_TIMEOUT_SECONDS: " 25 ", PARTNER_RETRIES: "0" });
    expect([config.PARTNER_TIMEOUT_SECONDS, config.PARTNER_PAY_TIMEOUT_SECONDS, config.PARTNER_RETRIES]).toEqual([8, 25, 0]);
    const unset = parseEnv({ PARTNER_TIMEOUT_SECONDS: "", PARTNER_RETRIES: "" });
    expect([unset.PARTNER_TIMEOUT_SECONDS, unset.PARTNER_PAY_TIMEOUT_SECONDS, unset.PARTNER_RETRIES]).toEqual([undefined, undefined, undefined]);
  });

  it("refuses a bad value at start, naming the variable and what it expected", () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ PARTNER_TIMEOUT_SECONDS: "soon" }, /PARTNER_TIMEOUT_SECONDS: expected a number of seconds/],
      [{ PARTNER_TIMEOUT_SECONDS: "7.5" }, /PARTNER_TIMEOUT_SECONDS: expected whole seconds/],
      [{ PARTNER_TIMEOUT_SECONDS: "0" }, /PARTNER_TIMEOUT_SECONDS: expected at least 1 second/],
      [{ PARTNER_PAY_TIMEOUT_SECONDS: "75000" }, /PARTNER_PAY_TIMEOUT_SECONDS: expected at most 600 seconds \(is it in milliseconds\?\)/],
      [{ PARTNER_RETRIES: "-1" }, /PARTNER_RETRIES: expected 0 or more retries/],
      [{ PARTNER_RETRIES: "1.5" }, /PARTNER_RETRIES: expected a whole number of retries/],
      [{ PARTNER_RETRIES: "11" }, /PARTNER_RETRIES: expected at most 10 retries/],
    ];
    for (const [source, message] of refusals) {
      expect(() => parseEnv(source)).toThrow(ConfigError);
      expect(() => parseEnv(source)).toThrow(message);
    }
  });
});
