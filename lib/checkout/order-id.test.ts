import { describe, expect, it } from "vitest";
import { orderIdSchema } from "./order-record";
import { capabilityHash, newCapabilityKey, orderIdFactory } from "./order-id";

describe("order ids", () => {
  it("are ULIDs in time order, valid as ext_order_id (letters and digits, ≤ 128)", () => {
    let now = 1_800_000_000_000;
    const next = orderIdFactory({ now: () => now });
    const ids = [next(), next()];
    now += 1;
    ids.push(next());
    for (const id of ids) {
      expect(orderIdSchema.safeParse(id).success).toBe(true);
      expect(id).toMatch(/^[A-Za-z0-9]{1,128}$/);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });

  it("draw every letter of their random part, across the random pool's refills", () => {
    let now = 1_800_000_000_000;
    const next = orderIdFactory({ now: () => (now += 1) });
    // 600 ids: more than one pool of random bytes (256 ids' worth), each in a new millisecond
    // so that its random part is drawn afresh rather than incremented.
    const randomParts = Array.from({ length: 600 }, () => next().slice(10));
    const letters = new Map<string, number>();
    for (const part of randomParts) for (const letter of part) letters.set(letter, (letters.get(letter) ?? 0) + 1);
    expect(letters.size).toBe(32);
    // 9,600 letters over 32: 300 each on average; a stuck or skewed source falls far outside.
    for (const count of letters.values()) expect(count).toBeGreaterThan(200);
    expect(new Set(randomParts).size).toBe(600);
  });

  it("capability keys are unguessable and stored only as a hash", () => {
    const key = newCapabilityKey();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(newCapabilityKey()).not.toBe(key);
    expect(capabilityHash(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(capabilityHash(key)).not.toContain(key);
  });
});
