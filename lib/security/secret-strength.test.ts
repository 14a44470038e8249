// The AUTH_SECRET check refuses what is plainly not random and passes what openssl makes.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authSecretWeakness } from "./secret-strength";

/** Random-looking bytes that are the same on every run: SHA-256 of a counter. */
function bytes(seed: number, length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < length; i++) blocks.push(createHash("sha256").update(`${seed}:${i}`).digest());
  return Buffer.concat(blocks).subarray(0, length);
}

describe("authSecretWeakness", () => {
  it.each([
    ["openssl rand -base64 32", (seed: number) => bytes(seed, 32).toString("base64")],
    ["openssl rand -hex 32", (seed: number) => bytes(seed, 32).toString("hex")],
    ["openssl rand -hex 16", (seed: number) => bytes(seed, 16).toString("hex")],
    ["openssl rand -base64 24", (seed: number) => bytes(seed, 24).toString("base64")],
  ])("passes 500 secrets made as %s", (_how, make) => {
    const refused = Array.from({ length: 500 }, (_, seed) => make(seed)).filter((secret) => authSecretWeakness(secret) !== null);
    expect(refused).toEqual([]);
  });

  it.each([
    ["An-Auth-Secret-Of-Thirty-Two-Characters", "a published demo or test value, not a secret"],
    ["ab".repeat(20), "too few different characters to be random"],
    ["Tr0ub4dor&3".repeat(4), "repeats itself, so it is not random"],
    ["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh", "a run of neighbouring characters (abc…, 123…), not random"],
  ])("refuses %s", (secret, weakness) => {
    expect(authSecretWeakness(secret)).toBe(weakness);
  });
});
