import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { rateLimitSettingSchema } from "./rate-limit-setting";

describe("rate limit setting", () => {
  it("reads requests per window in seconds, minutes or hours", () => {
    expect(rateLimitSettingSchema.parse("30/60s")).toEqual({ limit: 30, windowMs: 60_000 });
    expect(rateLimitSettingSchema.parse(" 100/5m ")).toEqual({ limit: 100, windowMs: 300_000 });
    expect(rateLimitSettingSchema.parse("1000/1h")).toEqual({ limit: 1000, windowMs: 3_600_000 });
  });

  it("refuses anything else", () => {
    for (const text of ["30", "30/60", "0/60s", "30/0s", "-1/60s", "30 / 60s", "30/60d", "1.5/60s"]) {
      expect(rateLimitSettingSchema.safeParse(text).success, text).toBe(false);
    }
  });

  it("defaults PLAYER_CHECK_RATE_LIMIT to 30/60s and names it when malformed", () => {
    expect(parseEnv({}).PLAYER_CHECK_RATE_LIMIT).toEqual({ limit: 30, windowMs: 60_000 });
    expect(parseEnv({ PLAYER_CHECK_RATE_LIMIT: "5/10s" }).PLAYER_CHECK_RATE_LIMIT).toEqual({ limit: 5, windowMs: 10_000 });
    expect(() => parseEnv({ PLAYER_CHECK_RATE_LIMIT: "lots" })).toThrow(/PLAYER_CHECK_RATE_LIMIT: expected requests\/window/);
  });
});
