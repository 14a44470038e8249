import { describe, expect, it } from "vitest";
import { worstCaseAuthorizedCallMs, worstCaseCallMs } from "./call-budget";
import { DEFAULT_TIMEOUT_MS } from "./client";
import { DEFAULT_RETRIES, MAX_RETRY_AFTER_MS } from "./client/retry-policy";

describe("call budget", () => {
  it("outlasts every attempt timing out with the longest accepted wait between them", () => {
    const attempts = (DEFAULT_RETRIES + 1) * DEFAULT_TIMEOUT_MS + DEFAULT_RETRIES * MAX_RETRY_AFTER_MS;
    expect(worstCaseCallMs()).toBeGreaterThan(attempts);
    expect(worstCaseCallMs({ retries: 0, timeoutMs: 1_000 })).toBeGreaterThan(1_000);
    expect(worstCaseCallMs({ retries: 0, timeoutMs: 1_000 })).toBeLessThan(attempts);
  });

  it("leaves room for a login before an authorised read", () => {
    expect(worstCaseAuthorizedCallMs()).toBeGreaterThanOrEqual(2 * worstCaseCallMs());
  });
});
