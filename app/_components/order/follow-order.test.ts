import { describe, expect, it } from "vitest";
import type { PublicOrder } from "@/lib/checkout/public-order";
import { OrderFetchError, POLL_MS, refreshInterval, type HeldAnswer } from "./fetch-order";
import { followOrder, WAIT_S } from "./follow-order";

const order = (status: string, final: boolean) => ({ status, final }) as PublicOrder;

/** A server scripted answer by answer, recording what the page asked. */
function server(answers: (HeldAnswer | Error)[]) {
  const asked: { version: string; waitS: number }[] = [];
  return {
    asked,
    deps: {
      async hold(version: string, waitS: number) {
        asked.push({ version, waitS });
        const next = answers.shift();
        if (!next) throw new Error("no more answers");
        if (next instanceof Error) throw next;
        return next;
      },
      pause: async () => undefined,
    },
  };
}

describe("the order page's push", () => {
  it("follows each change, held read after held read, until the order is final", async () => {
    const { asked, deps } = server([
      { order: null, version: "v1", held: true },
      { order: order("authorized", false), version: "v2", held: true },
      { order: order("completed", true), version: "v3", held: true },
    ]);
    const seen: string[] = [];
    expect(await followOrder("v1", deps, (o) => seen.push(o.status), new AbortController().signal)).toBe("final");
    expect(seen).toEqual(["authorized", "completed"]);
    expect(asked).toEqual([
      { version: "v1", waitS: WAIT_S },
      { version: "v1", waitS: WAIT_S },
      { version: "v2", waitS: WAIT_S },
    ]);
  });

  it("falls back to polling where the server does not hold, or holds keep failing", async () => {
    const notHeld = server([{ order: null, version: "v1", held: false }]);
    expect(await followOrder("v1", notHeld.deps, () => undefined, new AbortController().signal)).toBe("unavailable");
    const cutOff = server([new TypeError("network"), new TypeError("network")]);
    expect(await followOrder("v1", cutOff.deps, () => undefined, new AbortController().signal)).toBe("unavailable");
    const refused = server([new OrderFetchError("No order", 404)]);
    expect(await followOrder("v1", refused.deps, () => undefined, new AbortController().signal)).toBe("unavailable");
    expect(refused.asked).toHaveLength(1);
    // Then the page polls as before push; while pushing, or once final, it does not.
    expect(refreshInterval(order("awaiting_payment", false), false)).toBe(POLL_MS);
    expect(refreshInterval(order("awaiting_payment", false), true)).toBe(0);
    expect(refreshInterval(order("completed", true), false)).toBe(0);
  });

  it("goes on after one failed hold, and stops when the page leaves", async () => {
    const flaky = server([new TypeError("network"), { order: order("completed", true), version: "v2", held: true }]);
    expect(await followOrder("v1", flaky.deps, () => undefined, new AbortController().signal)).toBe("final");
    const left = new AbortController();
    left.abort();
    expect(await followOrder("v1", server([]).deps, () => undefined, left.signal)).toBe("stopped");
  });
});
