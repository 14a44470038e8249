import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchTopUpPrice } from "./fetch-top-up-price";

function answerWith(body: unknown, status = 200) {
  const fetch = vi.fn<(url: string) => Promise<Response>>(async () => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("asking the server for a top-up's price", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the product and the amount as typed, and reads the price as Money", async () => {
    const fetch = answerWith({ ok: true, amount: { minor: 1000, currency: "JPY" }, price: { minor: 737, currency: "USD" } });
    expect(await fetchTopUpPrice(7, "1000", new AbortController().signal)).toEqual({ ok: true, price: { minor: 737, currency: "USD" } });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/top-up-price?product=7&amount=1000");
  });

  it("passes the server's reason on, and treats a malformed answer as a failure to reach it", async () => {
    answerWith({ ok: false, message: "The smallest top-up is $5.00" }, 422);
    expect(await fetchTopUpPrice(7, "4", new AbortController().signal)).toEqual({ ok: false, message: "The smallest top-up is $5.00" });
    answerWith({ ok: true, price: { minor: 7.5, currency: "USD" } });
    expect(await fetchTopUpPrice(7, "10", new AbortController().signal)).toMatchObject({ ok: false, message: expect.stringContaining("could not price") });
  });
});
