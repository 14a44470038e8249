import { describe, expect, it } from "vitest";
import { clientCountry } from "./client-country";

const headers = (values: Record<string, string>) => new Headers(values);

describe("clientCountry", () => {
  it("reads the platform's header only where the deployment trusts it", () => {
    expect(clientCountry(headers({ "x-vercel-ip-country": "de" }), { kind: "platform_headers", headers: ["x-real-ip"] })).toBe("DE");
    expect(clientCountry(headers({ "cf-ipcountry": "US" }), { kind: "proxy_hops", hops: 1 })).toBe("US");
    expect(clientCountry(headers({ "cf-ipcountry": "US" }), { kind: "platform_headers", headers: ["x-real-ip"] })).toBeNull();
    expect(clientCountry(headers({ "x-vercel-ip-country": "DE", "cf-ipcountry": "US" }), { kind: "none" })).toBeNull();
  });

  it("takes no unknown or made-up country", () => {
    expect(clientCountry(headers({ "cf-ipcountry": "XX" }), { kind: "proxy_hops", hops: 1 })).toBeNull();
    expect(clientCountry(headers({ "cf-ipcountry": "T1" }), { kind: "proxy_hops", hops: 1 })).toBeNull();
    expect(clientCountry(headers({ "cf-ipcountry": "<script>" }), { kind: "proxy_hops", hops: 1 })).toBeNull();
  });
});
