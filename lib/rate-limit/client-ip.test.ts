import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

describe("clientIp", () => {
  it("takes the first x-forwarded-for entry, the one the edge proxy saw", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.7, 10.0.0.1", "x-real-ip": "10.0.0.9" }))).toBe("203.0.113.7");
    expect(clientIp(new Headers({ "x-forwarded-for": "2001:db8::1" }))).toBe("2001:db8::1");
  });

  it("falls back to x-real-ip, then to one shared 'unknown'", () => {
    expect(clientIp(new Headers({ "x-real-ip": " 198.51.100.4 " }))).toBe("198.51.100.4");
    expect(clientIp(new Headers({ "x-forwarded-for": " , 10.0.0.1", "x-real-ip": "198.51.100.4" }))).toBe("198.51.100.4");
    expect(clientIp(new Headers())).toBe("unknown");
  });

  it("refuses values that are not address-like, since they become part of a key", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "a b c" }))).toBe("unknown");
    expect(clientIp(new Headers({ "x-forwarded-for": "x".repeat(65) }))).toBe("unknown");
  });
});
