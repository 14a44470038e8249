import { afterEach, describe, expect, it } from "vitest";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { hitFixedWindow } from "./fixed-window";

const setting = { limit: 3, windowMs: 60_000 };
let store: TempKv | undefined;

function setup(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
  const clock = { current: start, now: () => clock.current };
  store = openTempKv(clock.now);
  const { kv } = store;
  return { clock, hit: (subject = "10.0.0.1", scope = "player-check") => hitFixedWindow(kv, clock, setting, scope, subject) };
}

afterEach(async () => {
  await store?.remove();
  store = undefined;
});

describe("fixed-window limiter", () => {
  it("allows `limit` hits per window, then refuses until the window ends", async () => {
    const { clock, hit } = setup();
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await hit());
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(decisions[3]?.resetInMs).toBe(60_000);
    clock.current += 59_999;
    expect((await hit()).allowed).toBe(false);
    clock.current += 1;
    expect(await hit()).toEqual({ allowed: true, limit: 3, remaining: 2, resetInMs: 60_000 });
  });

  it("reports the time left in the current window", async () => {
    const { clock, hit } = setup();
    clock.current += 45_000;
    expect((await hit()).resetInMs).toBe(15_000);
  });

  it("counts each client and each scope apart", async () => {
    const { hit } = setup();
    for (let i = 0; i < 3; i += 1) await hit("10.0.0.1");
    expect((await hit("10.0.0.1")).allowed).toBe(false);
    expect((await hit("10.0.0.2")).allowed).toBe(true);
    expect((await hit("10.0.0.1", "checkout")).allowed).toBe(true);
  });

  it("lets the counter expire with its window, so the store does not fill up", async () => {
    const { clock, hit } = setup();
    await hit();
    const key = `ratelimit:player-check:10.0.0.1:${Math.floor(clock.current / 60_000)}`;
    expect(await store?.kv.get(key)).toBe("1");
    clock.current += 62_000;
    expect(await store?.kv.get(key)).toBeNull();
  });
});
