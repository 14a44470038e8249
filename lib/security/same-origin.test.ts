import { describe, expect, it } from "vitest";
import { checkSameOrigin } from "./same-origin";

const headers = (init: Record<string, string>) => new Headers(init);

describe("checkSameOrigin", () => {
  it("accepts the shop's own origin, by configuration or by Host", () => {
    expect(checkSameOrigin(headers({ origin: "https://shop.example" }), ["https://shop.example"])).toEqual({ ok: true });
    expect(checkSameOrigin(headers({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }), [])).toEqual({ ok: true });
  });

  it("refuses another site, whichever header says so", () => {
    expect(checkSameOrigin(headers({ origin: "https://evil.example", host: "shop.example" }), ["https://shop.example"]).ok).toBe(false);
    expect(checkSameOrigin(headers({ "sec-fetch-site": "cross-site" }), []).ok).toBe(false);
    expect(checkSameOrigin(headers({ origin: "null", host: "shop.example" }), []).ok).toBe(false);
  });

  it("lets programs without browser headers through", () => {
    expect(checkSameOrigin(headers({}), ["https://shop.example"])).toEqual({ ok: true });
  });
});
