import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

describe("Alert settings", () => {
  it("defaults to a 60-minute window and no webhook or separate recipient", () => {
    const config = parseEnv({});
    expect([config.ALERT_WINDOW_MINUTES, config.ALERT_WEBHOOK_URL, config.ALERT_EMAIL]).toEqual([60, undefined, undefined]);
    const set = parseEnv({ ALERT_WINDOW_MINUTES: "15", ALERT_EMAIL: "Ops@Shop.Example", ALERT_WEBHOOK_URL: "https://chat.example/hook" });
    expect([set.ALERT_WINDOW_MINUTES, set.ALERT_EMAIL, set.ALERT_WEBHOOK_URL]).toEqual([15, "ops@shop.example", "https://chat.example/hook"]);
  });

  it("allows a plain-http webhook in a demo only", () => {
    expect(parseEnv({ ALERT_WEBHOOK_URL: "http://127.0.0.1:9000/hook" }).ALERT_WEBHOOK_URL).toBe("http://127.0.0.1:9000/hook");
    for (const live of [{ SHOP_MODE: "live" }, { PARTNER_API_URL: "https://partner.example" }]) {
      expect(() => parseEnv({ ...live, ALERT_WEBHOOK_URL: "http://chat.example/hook" })).toThrow(/ALERT_WEBHOOK_URL: expected an https URL in a live shop/);
      expect(parseEnv({ ...live, ALERT_WEBHOOK_URL: "https://chat.example/hook" }).ALERT_WEBHOOK_URL).toBe("https://chat.example/hook");
    }
  });

  it("refuses a bad value at start, naming the variable", () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ ALERT_WINDOW_MINUTES: "0" }, /ALERT_WINDOW_MINUTES: expected at least 1 minute/],
      [{ ALERT_WINDOW_MINUTES: "1.5" }, /ALERT_WINDOW_MINUTES: expected whole minutes/],
      [{ ALERT_WINDOW_MINUTES: "soon" }, /ALERT_WINDOW_MINUTES: expected a number of minutes/],
      [{ ALERT_WINDOW_MINUTES: "20000" }, /ALERT_WINDOW_MINUTES: expected at most 10080 minutes/],
      [{ ALERT_EMAIL: "not-an-address" }, /ALERT_EMAIL: expected an email address for alerts/],
      [{ ALERT_WEBHOOK_URL: "ftp://chat.example/hook" }, /ALERT_WEBHOOK_URL: expected an absolute https URL/],
    ];
    for (const [source, message] of refusals) {
      expect(() => parseEnv(source)).toThrow(ConfigError);
      expect(() => parseEnv(source)).toThrow(message);
    }
  });
});
