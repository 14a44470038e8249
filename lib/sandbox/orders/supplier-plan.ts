// docs/sandbox-fixture.md "Supplier simulation": what a real order's supplier will do, and
// docs/partner-api-decisions.md item 16: a test order never reaches a supplier, its outcome follows the account.
import type { Fixture, Supplier } from "../fixture/schema";
import type { OrderPlan } from "../store/records";
import { secondsToMs } from "./engine-context";
import { ERROR_TEXT } from "./transitions";

export const TEST_SUCCESS_ACCOUNT = "77778888";

export function isTestAccount(fixture: Fixture, account: string | undefined): boolean {
  return account === fixture.test_account_word || account === TEST_SUCCESS_ACCOUNT;
}

/** A real order's plan; null when the supplier is `unavailable` (nothing may be created). */
export function supplierPlan(supplier: Supplier): OrderPlan | null {
  if (supplier.outcome === "unavailable") return null;
  return {
    outcome: supplier.outcome,
    latencyMs: secondsToMs(supplier.latency_seconds),
    refundAfterMs: secondsToMs(supplier.refund_after_seconds),
    activationMs: secondsToMs(supplier.activation_seconds),
    activationFails: supplier.activation_fails,
    failText: ERROR_TEXT.supplierDeclined,
  };
}

/** A test order: success for the fixed test accounts or no account at all, else status 3. */
export function testPlan(fixture: Fixture, account: string | undefined): OrderPlan {
  const succeeds = account === undefined || account === "" || isTestAccount(fixture, account);
  return {
    outcome: succeeds ? "success" : "error",
    latencyMs: 0,
    refundAfterMs: 0,
    activationMs: 0,
    activationFails: false,
    failText: ERROR_TEXT.testDeclined,
  };
}
