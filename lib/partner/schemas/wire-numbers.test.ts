import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  accountCheckBody,
  accountFieldBody,
  balanceBody,
  balanceOrderBody,
  orderUpdateBody,
  reviseBody,
  serviceBody,
  tokenBody,
  voucherBody,
  voucherOrderBody,
} from "@/tests/support/partner-client/sample-bodies";
import {
  accountCheckResultSchema,
  accountFieldSchema,
  balanceOrderSchema,
  balanceSchema,
  mismatchSchema,
  serviceSchema,
  tokenSchema,
  voucherOrderSchema,
  voucherSchema,
} from "./resources";
import {
  accountErrorBodySchema,
  errorBodySchema,
  gamesListResponseSchema,
  orderUpdateResponseSchema,
  reviseResponseSchema,
  voucherAvailableResponseSchema,
} from "./responses";

/** Every response schema with a body that sets each of its number fields. */
const cases: [string, z.ZodType, unknown][] = [
  ["token", tokenSchema, tokenBody],
  ["balance", balanceSchema, balanceBody],
  ["service", serviceSchema, serviceBody],
  ["account field", accountFieldSchema, accountFieldBody],
  ["voucher", voucherSchema, voucherBody],
  ["balance order", balanceOrderSchema, balanceOrderBody],
  ["voucher order", voucherOrderSchema, voucherOrderBody],
  ["mismatch", mismatchSchema, { ...reviseBody.revise_payments_mismatches[0], service_status: 3, service_amount: 2.5 }],
  ["account check", accountCheckResultSchema, accountCheckBody],
  ["games list", gamesListResponseSchema, { available_games: [serviceBody] }],
  ["voucher available", voucherAvailableResponseSchema, { game_id: 1, available: [voucherBody] }],
  ["order update", orderUpdateResponseSchema, orderUpdateBody],
  ["revise", reviseResponseSchema, reviseBody],
  ["error body", errorBodySchema, { success: false, error: 102, error_text: "none" }],
  ["account error body", accountErrorBodySchema, { error: 400, error_text: "bad", delivery_method: "voucher_code" }],
];

/** The body with every JSON number written as a string, at any depth. */
function numbersAsStrings(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(numbersAsStrings);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersAsStrings(v)]));
  }
  return value;
}

function countNumbers(value: unknown): number {
  if (typeof value === "number") return 1;
  if (typeof value === "object" && value !== null) return Object.values(value).reduce<number>((n, v) => n + countNumbers(v), 0);
  return 0;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  values?: unknown[];
}

/** Paths where a schema takes a JSON number without first reading a numeric string. */
function bareNumbers(schema: z.ZodType, path = "$"): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case "object":
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => bareNumbers(field, `${path}.${key}`));
    case "optional":
    case "nullable":
    case "default":
    case "catch":
      return bareNumbers(def.innerType!, path);
    case "array":
      return bareNumbers(def.element!, `${path}[]`);
    case "union":
      return (def.options ?? []).flatMap((option) => bareNumbers(option, path));
    case "pipe":
      // A wire helper: a preprocess step (a transform) that reads numeric text first.
      return (def.in as unknown as { _zod: { def: Def } })._zod.def.type === "transform" ? [] : bareNumbers(def.in!, path);
    case "number":
      return [path];
    case "literal":
      return (def.values ?? []).some((v) => typeof v === "number") ? [path] : [];
    default:
      return [];
  }
}

describe("numbers in responses", () => {
  it("the schema walk finds a bare number (so an empty list below means something)", () => {
    const bare = z.looseObject({ a: z.number().int(), b: z.array(z.literal(1).optional()), c: z.string() });
    expect(bareNumbers(bare)).toEqual(["$.a", "$.b[]"]);
  });

  it.each(cases)("%s: no field takes only a JSON number", (_name, schema) => {
    expect(bareNumbers(schema)).toEqual([]);
  });

  it.each(cases)("%s: a body with every number as a string reads as the same numbers", (_name, schema, body) => {
    expect(countNumbers(body)).toBeGreaterThan(0);
    expect(schema.parse(numbersAsStrings(body))).toEqual(schema.parse(body));
  });

  it("still refuses text that is not a plain number", () => {
    expect(balanceSchema.safeParse({ ...balanceBody, balance: "12,50" }).success).toBe(false);
    expect(balanceSchema.safeParse({ ...balanceBody, user_id: "1.5" }).success).toBe(false);
    expect(voucherOrderSchema.safeParse({ ...voucherOrderBody, need_activation: "2" }).success).toBe(false);
  });
});
