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

  it("passes the server's problem on, as its code or else its words", async () => {
    const range = { code: "out_of_range", min: { minor: 500, currency: "USD" }, max: { minor: 50_000, currency: "USD" } };
    answerWith({ error: "refused", message: "Enter an amount from $5.00 to $500.00", field: "amount", problem: range }, 422);
    expect(await fetchTopUpPrice(7, "4", new AbortController().signal)).toEqual({ ok: false, problem: range });
    answerWith({ error: "refused", message: "Something new", field: "amount" }, 422);
    expect(await fetchTopUpPrice(7, "4", new AbortController().signal)).toEqual({ ok: false, problem: { code: "other", message: "Something new" } });
  });

  it("treats a malformed answer as a failure to reach the server", async () => {
    answerWith({ ok: true, price: { minor: 7.5, currency: "USD" } });
    expect(await fetchTopUpPrice(7, "10", new AbortController().signal)).toEqual({ ok: false, problem: { code: "unreachable" } });
    answerWith({ ok: false, message: "an answer in no shape of ours" }, 422);
    expect(await fetchTopUpPrice(7, "10", new AbortController().signal)).toEqual({ ok: false, problem: { code: "unreachable" } });
  });
});
