import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineScript, scriptCall } from "./define-script";

const example = defineScript({
  name: "example",
  keys: ["first", "second"],
  args: ["amount"],
  lua: "return redis.call('INCRBY', first, amount)",
  embedded: (txn, keys, args) => txn.incrBy(keys.first, Number(args.amount)),
  result: z.number(),
});

describe("defineScript", () => {
  it("binds key and argument names to KEYS and ARGV in declared order", () => {
    expect(example.source).toBe(
      "-- example\nlocal first, second = KEYS[1], KEYS[2]\nlocal amount = ARGV[1]\nreturn redis.call('INCRBY', first, amount)\n",
    );
    expect(example.sha1).toBe(createHash("sha1").update(example.source).digest("hex"));
  });

  it("refuses names that are not plain Lua identifiers", () => {
    const bad = { ...example, keys: ["order-id"] as const, embedded: () => null };
    expect(() => defineScript(bad)).toThrow(/order-id/);
  });

  it("orders and prefixes the call's keys and stringifies its arguments", () => {
    const call = scriptCall(example, { keys: { second: "b", first: "a" }, args: { amount: 5 } }, (key) => `p:${key}`);
    expect(call).toEqual({ keys: ["p:a", "p:b"], args: ["5"] });
  });
});
