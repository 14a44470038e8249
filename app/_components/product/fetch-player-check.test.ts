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

  it("says why the route refused the check, and takes a failure on our side as unavailable", async () => {
    const refused = Response.json({ error: "refused", message: 'expected 2 values joined by "|"', field: "account" }, { status: 422 });
    expect(await answer(refused)).toEqual({ status: "invalid", message: 'expected 2 values joined by "|"' });
    const down = Response.json({ error: "catalog_unavailable", message: "later" }, { status: 503 });
    expect(await answer(down)).toEqual({ status: "unavailable", message: "We could not reach the player check just now." });
  });

  it("tells the buyer when to try again after the route's 429", async () => {
    const limited = Response.json({ error: "rate_limited" }, { status: 429, headers: { "Retry-After": "40" } });
    expect(await answer(limited)).toEqual({ status: "unavailable", message: "Too many checks just now; try again in 40 s.", retryAfterSeconds: 40 });
  });
});
