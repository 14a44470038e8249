import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchPlayerCheck } from "./fetch-player-check";

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(response: Response) {
  vi.stubGlobal("fetch", vi.fn(async () => response));
  return fetchPlayerCheck(426, 42601, "1|2", new AbortController().signal);
}

describe("fetchPlayerCheck", () => {
  it("passes the route's outcome through", async () => {
    const found = { status: "found", playerName: "MythicRover", region: null };
    expect(await answer(Response.json(found))).toEqual(found);
  });

  it("tells the buyer when to try again after the route's 429", async () => {
    const limited = Response.json({ error: "rate_limited" }, { status: 429, headers: { "Retry-After": "40" } });
    expect(await answer(limited)).toEqual({ status: "unavailable", message: "Too many checks just now; try again in 40 s.", retryAfterSeconds: 40 });
  });
});
