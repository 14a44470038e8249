import { z } from "zod";
import { describe, expect, it } from "vitest";
import { balancePayRequestSchema, orderUpdateRequestSchema, voucherPayRequestSchema } from "@/lib/partner/schemas";
import { describeZodError } from "./zod-issue-text";

function textOf(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected the input to fail");
  return describeZodError(parsed.error, input);
}

describe("describeZodError", () => {
  it("names a wrongly typed field", () => {
    expect(textOf(balancePayRequestSchema, { game_id: "4x", account: "a", amount: 1 })).toBe("game_id: expected a positive integer");
    expect(textOf(balancePayRequestSchema, { game_id: 1, account: 5, amount: 1 })).toBe("account: expected a string");
    expect(textOf(balancePayRequestSchema, { game_id: 1, account: "a", amount: "1e3" })).toBe("amount: expected a number");
    expect(textOf(balancePayRequestSchema, { game_id: 1, account: "a", amount: [1] })).toBe("amount: expected a number");
  });

  it("says a missing field is required", () => {
    expect(textOf(balancePayRequestSchema, { game_id: 1, amount: 1 })).toBe("account is required");
  });

  it("names unknown fields", () => {
    expect(textOf(voucherPayRequestSchema, { voucher_id: 1, voucherid: 1 })).toBe("unknown field voucherid");
    expect(textOf(voucherPayRequestSchema, { voucher_id: 1, a: 1, b: 2 })).toBe("unknown fields a, b");
  });

  it("keeps a schema text that already names its field, with the full path", () => {
    expect(textOf(orderUpdateRequestSchema, { order_id: "1", status: 4 })).toBe("status must be 2 or 3");
    const items = z.object({ payments: z.array(orderUpdateRequestSchema) });
    expect(textOf(items, { payments: [{ order_id: "1", status: 2 }, { order_id: "2", status: 5 }] })).toBe("payments[1].status must be 2 or 3");
    expect(textOf(items, { payments: [{ order_id: "1", status: 2, x: 1 }] })).toBe("payments[0]: unknown field x");
  });

  it("joins several problems", () => {
    expect(textOf(balancePayRequestSchema, { game_id: "x", amount: 1 })).toBe("game_id: expected a positive integer; account is required");
  });
});
