import { describe, expect, it } from "vitest";
import { blockInputSchema, normalBlockValue } from "./block-value";
import { entryCovers } from "./match-block";

describe("entryCovers", () => {
  it("matches an email case-insensitively and nothing else", () => {
    expect(entryCovers({ kind: "email", value: "thief@example.com" }, { email: "Thief@Example.com" })).toBe(true);
    expect(entryCovers({ kind: "email", value: "thief@example.com" }, { email: "other@example.com" })).toBe(false);
    expect(entryCovers({ kind: "email", value: "thief@example.com" }, { ip: "thief@example.com" })).toBe(false);
  });

  it("matches a domain exactly, and a wildcard on the domain and every name under it", () => {
    expect(entryCovers({ kind: "email_domain", value: "mail.test" }, { email: "a@mail.test" })).toBe(true);
    expect(entryCovers({ kind: "email_domain", value: "mail.test" }, { email: "a@x.mail.test" })).toBe(false);
    expect(entryCovers({ kind: "email_domain", value: "*.mail.test" }, { email: "a@x.y.mail.test" })).toBe(true);
    expect(entryCovers({ kind: "email_domain", value: "*.mail.test" }, { email: "a@mail.test" })).toBe(true);
    expect(entryCovers({ kind: "email_domain", value: "*.mail.test" }, { email: "a@evilmail.test" })).toBe(false);
  });

  it("matches IPv4 and IPv6 addresses and networks", () => {
    expect(entryCovers({ kind: "ip", value: "203.0.113.7" }, { ip: "203.0.113.7" })).toBe(true);
    expect(entryCovers({ kind: "ip", value: "203.0.113.7" }, { ip: "203.0.113.8" })).toBe(false);
    expect(entryCovers({ kind: "ip", value: "203.0.113.0/24" }, { ip: "203.0.113.200" })).toBe(true);
    expect(entryCovers({ kind: "ip", value: "203.0.113.0/24" }, { ip: "203.0.114.1" })).toBe(false);
    expect(entryCovers({ kind: "ip", value: "2001:db8::/32" }, { ip: "2001:db8:ffff::1" })).toBe(true);
    expect(entryCovers({ kind: "ip", value: "2001:db8::/32" }, { ip: "2001:db9::1" })).toBe(false);
    expect(entryCovers({ kind: "ip", value: "2001:db8::/32" }, { ip: "203.0.113.1" })).toBe(false);
    expect(entryCovers({ kind: "ip", value: "203.0.113.0/24" }, { ip: "unknown" })).toBe(false);
  });

  it("matches a country, an account and a card fingerprint", () => {
    expect(entryCovers({ kind: "country", value: "KP" }, { country: "kp" })).toBe(true);
    expect(entryCovers({ kind: "country", value: "KP" }, { country: "KR" })).toBe(false);
    expect(entryCovers({ kind: "account", value: "player-1" }, { account: "player-1" })).toBe(true);
    expect(entryCovers({ kind: "account", value: "player-1" }, { account: "player-2" })).toBe(false);
    expect(entryCovers({ kind: "card", value: "fp_abc123" }, { card: "fp_abc123" })).toBe(true);
    expect(entryCovers({ kind: "card", value: "fp_abc123" }, {})).toBe(false);
  });
});

describe("blockInputSchema", () => {
  it("spells each kind one way", () => {
    expect(blockInputSchema.parse({ kind: "email", value: " Thief@Example.COM " })).toEqual({ kind: "email", value: "thief@example.com", reason: "" });
    expect(blockInputSchema.parse({ kind: "email_domain", value: "*.Mail.TEST", reason: "disposable" }).value).toBe("*.mail.test");
    expect(blockInputSchema.parse({ kind: "country", value: "kp" }).value).toBe("KP");
    expect(blockInputSchema.parse({ kind: "ip", value: "2001:db8::/32" }).value).toBe("2001:db8::/32");
  });

  it("refuses a value that is not of its kind, at the value field", () => {
    for (const [kind, value] of [["email", "nope"], ["email_domain", "*"], ["email_domain", "*.com"], ["ip", "300.1.1.1"], ["ip", "10.0.0.0/33"], ["country", "USA"], ["card", "x"]]) {
      const parsed = blockInputSchema.safeParse({ kind, value });
      expect(parsed.success, `${kind} ${value}`).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["value"]);
    }
    expect(normalBlockValue("ip", "not an ip")).toBeNull();
  });
});
