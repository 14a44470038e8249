import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { worstCaseAuthorizedCallMs, worstCaseCallMs } from "./call-budget";
import { partnerCallSettings } from "./call-settings";
import { DEFAULT_PAY_TIMEOUT_MS, DEFAULT_TIMEOUT_MS } from "./client";
import { DEFAULT_RETRIES } from "./client/retry-policy";

const settingsOf = (source: Record<string, string>) => partnerCallSettings(parseEnv(source));

describe("partnerCallSettings", () => {
  it("keeps the client's defaults when nothing is configured", () => {
    expect(settingsOf({})).toEqual({ timeoutMs: DEFAULT_TIMEOUT_MS, payTimeoutMs: DEFAULT_PAY_TIMEOUT_MS, retries: DEFAULT_RETRIES });
    expect(worstCaseCallMs(settingsOf({}))).toBe(worstCaseCallMs());
  });

  it("turns the configured seconds into the client's milliseconds", () => {
    const settings = settingsOf({ PARTNER_TIMEOUT_SECONDS: "8", PARTNER_PAY_TIMEOUT_SECONDS: "25", PARTNER_RETRIES: "0" });
    expect(settings).toEqual({ timeoutMs: 8_000, payTimeoutMs: 25_000, retries: 0 });
  });

  it("sizes the call budget from the configured client, shorter or longer than the defaults", () => {
    const quick = settingsOf({ PARTNER_TIMEOUT_SECONDS: "4", PARTNER_RETRIES: "0" });
    expect(worstCaseCallMs(quick)).toBeGreaterThan(4_000);
    expect(worstCaseCallMs(quick)).toBeLessThan(worstCaseCallMs());
    const patient = settingsOf({ PARTNER_TIMEOUT_SECONDS: "60", PARTNER_RETRIES: "4" });
    expect(worstCaseCallMs(patient)).toBeGreaterThan(5 * 60_000);
    expect(worstCaseAuthorizedCallMs(patient)).toBeGreaterThanOrEqual(2 * worstCaseCallMs(patient));
  });
});
