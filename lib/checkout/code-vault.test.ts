import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCodeVault } from "./code-vault";

describe("code vault", () => {
  const vault = createCodeVault(randomBytes(32));

  it("seals a code so that the text does not contain it, and opens it for the same order", () => {
    const sealed = vault.seal("ABCD-1234-EFGH", "01JORDER000000000000000000");
    expect(sealed).not.toContain("ABCD");
    expect(sealed).toMatch(/^v1\./);
    expect(vault.open(sealed, "01JORDER000000000000000000")).toEqual({ ok: true, value: "ABCD-1234-EFGH" });
  });

  it("does not open for another order, another key, or a tampered text", () => {
    const sealed = vault.seal("CODE", "ORDER-A");
    expect(vault.open(sealed, "ORDER-B")).toEqual({ ok: false, error: { code: "unreadable_code" } });
    expect(createCodeVault(randomBytes(32)).open(sealed, "ORDER-A").ok).toBe(false);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[2] ?? "", "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    parts[2] = body.toString("base64url");
    expect(vault.open(parts.join("."), "ORDER-A").ok).toBe(false);
    expect(vault.open("garbage", "ORDER-A").ok).toBe(false);
  });

  it("seals the same code differently each time (a fresh IV)", () => {
    expect(vault.seal("CODE", "O")).not.toBe(vault.seal("CODE", "O"));
  });

  it("refuses a key of the wrong length", () => {
    expect(() => createCodeVault(randomBytes(16))).toThrow(/32 bytes/);
  });
});
