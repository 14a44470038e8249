// Where links and the embedded sandboxes' callbacks go. On a serverless host nothing listens on
// localhost: a demo published there sends its webhooks and notifications to its own public
// origin, and without SHOP_URL that is the host's production address.
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { publicOriginOf, selfCallOriginOf } from "./shop-origin";

describe("the shop's origins", () => {
  it("on one machine: links to SHOP_URL (or localhost), callbacks over loopback", () => {
    const config = parseEnv({ SHOP_URL: "https://shop.example", PORT: "4000" });
    expect(publicOriginOf(config)).toBe("https://shop.example");
    expect(selfCallOriginOf(config)).toBe("http://localhost:4000");
    expect(publicOriginOf(parseEnv({}))).toBe("http://localhost:3000");
  });

  it("on a serverless host: callbacks to the public origin, never localhost:3000", () => {
    const withUrl = parseEnv({ VERCEL: "1", SHOP_MODE: "demo", SHOP_URL: "https://demo.example" });
    expect(selfCallOriginOf(withUrl)).toBe("https://demo.example");
    const platformOnly = parseEnv({ VERCEL: "1", SHOP_MODE: "demo", VERCEL_PROJECT_PRODUCTION_URL: "demo-shop.vercel.app" });
    expect(publicOriginOf(platformOnly)).toBe("https://demo-shop.vercel.app");
    expect(selfCallOriginOf(platformOnly)).toBe("https://demo-shop.vercel.app");
  });
});
