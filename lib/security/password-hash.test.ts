import { describe, expect, it } from "vitest";
import { hashPassword, passwordHashSchema, verifyPassword } from "./password-hash";

const FAST = { N: 1024, r: 8, p: 1 };

describe("password hashes", () => {
  it("verify the password they were made from and nothing else", async () => {
    const hash = await hashPassword("correct horse battery staple", FAST);
    expect(hash).toMatch(/^scrypt:1024:8:1:[\w-]+:[\w-]+$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  });

  it("salt every hash, so equal passwords do not give equal hashes", async () => {
    expect(await hashPassword("same", FAST)).not.toBe(await hashPassword("same", FAST));
  });

  it("carry their own cost, so raising the default keeps old hashes valid", async () => {
    const cheap = await hashPassword("pw", { N: 512, r: 4, p: 1 });
    expect(await verifyPassword("pw", cheap)).toBe(true);
  });

  it("use the default cost (2^15) unless told otherwise", async () => {
    const hash = await hashPassword("pw");
    expect(hash.startsWith("scrypt:32768:8:1:")).toBe(true);
    expect(await verifyPassword("pw", hash)).toBe(true);
  });

  it("refuse malformed hashes instead of matching them", async () => {
    expect(await verifyPassword("pw", "plain-text")).toBe(false);
    expect(await verifyPassword("pw", "scrypt:1000:8:1:abc:def")).toBe(false);
    expect(passwordHashSchema.safeParse("$scrypt$ln=15").success).toBe(false);
  });
});
