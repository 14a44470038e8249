// Each route's `maxDuration` is a literal in its file (Next reads it so), and here it is held to
// what lib/shop/time-limits.ts computes from the Partner client's timeouts and retries: a change
// of the client's budget that the routes do not follow fails this test, not a buyer's order.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { worstCaseAuthorizedCallMs, worstCaseCallMs } from "@/lib/partner/call-budget";
import { HOST_MAX_DURATION_S, SWEEP_BUDGET_MS, SWEEP_MAX_DURATION_S, UPSTREAM_ROUTE_MAX_DURATION_S } from "@/lib/shop/time-limits";

function maxDurationOf(route: string): number | null {
  const text = readFileSync(join(process.cwd(), "app", route, "route.ts"), "utf8");
  const match = /^export const maxDuration = (\d+);$/m.exec(text);
  return match ? Number(match[1]) : null;
}

describe("maxDuration per route", () => {
  it.each(["api/checkout", "api/webhooks/stripe", "api/webhooks/partner"])("%s may run one Partner call at its worst, after a login, within the host's limit", (route) => {
    expect(maxDurationOf(route)).toBe(UPSTREAM_ROUTE_MAX_DURATION_S);
    expect(UPSTREAM_ROUTE_MAX_DURATION_S).toBe(Math.min(HOST_MAX_DURATION_S, Math.ceil(worstCaseAuthorizedCallMs() / 1000)));
  });

  it.each(["api/cron/sweep", "api/scheduler/deadline"])("%s runs as long as the host lets it", (route) => {
    expect(maxDurationOf(route)).toBe(SWEEP_MAX_DURATION_S);
  });

  it("the sweep starts its last order early enough for one Partner call at its worst to finish inside its limit", () => {
    expect(SWEEP_BUDGET_MS + worstCaseCallMs()).toBeLessThanOrEqual(SWEEP_MAX_DURATION_S * 1000);
    expect(SWEEP_BUDGET_MS).toBeGreaterThan(60_000);
  });
});
