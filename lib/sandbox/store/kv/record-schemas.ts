// What the KV store reads back is checked, not trusted: the data outlives the code that wrote
// it (a deploy of a newer release reads an older one's orders), and a record that no longer
// fits must fail loudly at the store, not deep inside the order engine. Typed against
// records.ts so that a field added there and forgotten here does not compile.
import { z } from "zod";
import { orderStatusSchema } from "@/lib/partner/schemas";
import type { NewNotification, OrderPlan, OrderRecord, ReconciliationRecord } from "../records";

const int = z.number().int();
const nullableInt = int.nullable();

const planSchema: z.ZodType<OrderPlan> = z.object({
  outcome: z.enum(["success", "error", "stall", "refund_after"]),
  latencyMs: int,
  refundAfterMs: int,
  activationMs: int,
  activationFails: z.boolean(),
  failText: z.string(),
});

export const orderRecordSchema: z.ZodType<OrderRecord> = z.object({
  id: z.string(),
  version: int,
  partnerId: int,
  extOrderId: z.string().nullable(),
  createdAt: int,
  test: z.boolean(),
  reservation: z.boolean(),
  activation: z.boolean(),
  kind: z.enum(["balance", "voucher"]),
  gameId: int,
  gameName: z.string(),
  gameCurrency: z.string(),
  voucherId: nullableInt,
  voucherName: z.string().nullable(),
  gameCoins: z.number().nullable(),
  deliveryMethod: z.enum(["voucher_code", "direct_topup"]).nullable(),
  account: z.string().nullable(),
  amountMinor: int,
  amountCurrency: z.string(),
  chargedMinor: int,
  chargedCurrency: z.string(),
  discountRate: z.number().nullable(),
  codeParts: z.union([z.literal(1), z.literal(2)]),
  codeValidDays: int,
  plan: planSchema,
  deliveryMaxMs: int,
  status: orderStatusSchema,
  errorText: z.string().nullable(),
  statusChangedAt: int,
  activationVoucher: z.union([z.literal("wait"), z.boolean()]).nullable(),
  voucherCode: z.string().nullable(),
  voucherCode2: z.string().nullable(),
  codeExpiresAt: nullableInt,
  debitedMinor: int,
  activationAttempts: int,
  processingAt: nullableInt,
  reservationExpiresAt: nullableInt,
  supplierDoneAt: nullableInt,
  activationDoneAt: nullableInt,
  refundAt: nullableInt,
});

export const notificationSchema: z.ZodType<NewNotification> = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.unknown()),
});

export const reconciliationRecordSchema: z.ZodType<ReconciliationRecord> = z.object({
  orderId: z.string(),
  partnerId: int,
  revisedAt: int,
  result: z.enum(["match", "status_mismatch", "amount_mismatch"]),
  partnerStatus: int,
  partnerAmountMinor: int,
  partnerTransactionTime: z.string(),
  serviceStatus: int,
  serviceAmountMinor: int,
});
