import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { clientIpTrust } from "@/lib/config/client-ip-trust";
import { clientIp } from "./client-ip";

const trust = (source: Record<string, string>) => clientIpTrust(parseEnv(source));
const headers = (values: Record<string, string>) => new Headers(values);

describe("clientIp", () => {
  it("behind N trusted proxies takes the entry the outermost one appended, whatever the client put before it", () => {
    const oneHop = trust({ TRUSTED_PROXY_HOPS: "1" });
    // The client sent "1.2.3.4"; the proxy appended the address it saw.
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.7" }), oneHop)).toBe("203.0.113.7");
    expect(clientIp(headers({ "x-forwarded-for": "2001:db8::1" }), oneHop)).toBe("2001:db8::1");
    const twoHops = trust({ TRUSTED_PROXY_HOPS: "2" });
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.7, 10.0.0.1" }), twoHops)).toBe("203.0.113.7");
    // Fewer entries than trusted proxies: the request did not come through them all.
    expect(clientIp(headers({ "x-forwarded-for": "10.0.0.1" }), twoHops)).toBe("unknown");
  });

  it("trusts no header when the deployment names no proxy and no platform", () => {
    for (const none of [trust({}), trust({ TRUSTED_PROXY_HOPS: "0" }), trust({ TRUSTED_PROXY_HOPS: "0", VERCEL: "1" })]) {
      expect(clientIp(headers({ "x-forwarded-for": "203.0.113.7", "x-real-ip": "198.51.100.4", "x-vercel-forwarded-for": "192.0.2.1" }), none)).toBe("unknown");
    }
  });

  it("on Vercel reads the platform's own header, not the client's X-Forwarded-For", () => {
    const vercel = trust({ VERCEL: "1" });
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4", "x-vercel-forwarded-for": "203.0.113.7" }), vercel)).toBe("203.0.113.7");
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4", "x-real-ip": "198.51.100.4" }), vercel)).toBe("198.51.100.4");
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4" }), vercel)).toBe("unknown");
  });

  it("refuses values that are not address-like, since they become part of a key", () => {
    const oneHop = trust({ TRUSTED_PROXY_HOPS: "1" });
    expect(clientIp(headers({ "x-forwarded-for": "a b c" }), oneHop)).toBe("unknown");
    expect(clientIp(headers({ "x-forwarded-for": "x".repeat(65) }), oneHop)).toBe("unknown");
  });

  it("is a setting that refuses what is not a small whole number, by name", () => {
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: "two" })).toThrow(/TRUSTED_PROXY_HOPS: expected the number of proxies/);
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
