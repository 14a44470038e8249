// Reservation helpers of the spec-only client: reserve with request=1 and check the
// /api/order_update body (4.6: ids as strings, activation_voucher true/false, error_text last).
import { expect } from "vitest";
import { asString, type PartnerClient } from "./harness";
import { expectKeysInOrder, expectStatus, ORDER_UPDATE_KEYS, ORDER_UPDATE_REQUIRED } from "./shapes";

export async function reserve(client: PartnerClient, voucherId: number, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await client.pay({ voucher_id: voucherId, request: 1, ...extra });
  expect(res.status, res.text).toBe(200);
  expectStatus(res.body, 6);
  return asString(res.body.order_id);
}

export function expectOrderUpdateBody(body: Record<string, unknown>, status: number): void {
  expectKeysInOrder(body, ORDER_UPDATE_KEYS, status === 3 ? [...ORDER_UPDATE_REQUIRED, "error_text"] : ORDER_UPDATE_REQUIRED, [], "order_update");
  expectStatus(body, status);
  // The one place where ids travel as strings (spec 4.6, decision 3).
  expect(typeof body.game_id).toBe("string");
  expect(typeof body.voucher_id).toBe("string");
  expect(typeof body.activation_voucher).toBe("boolean");
  if (status === 3) expect(Object.keys(body).at(-1)).toBe("error_text");
}
