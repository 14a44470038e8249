import { afterEach, describe, expect, it } from "vitest";
import { processSingleton } from "./singleton";

const NAME = "singleton-test";
const holders = globalThis as typeof globalThis & { __voucherStorefront?: Map<string, unknown> };

describe("processSingleton", () => {
  afterEach(() => holders.__voucherStorefront?.delete(NAME));

  it("builds once per process, however many ask at once", async () => {
    let builds = 0;
    const build = async () => ({ n: (builds += 1) });
    const [a, b] = await Promise.all([processSingleton(NAME, build), processSingleton(NAME, build)]);
    expect(a).toBe(b);
    expect(await processSingleton(NAME, build)).toBe(a);
    expect(builds).toBe(1);
  });

  it("forgets a failed start, so the next call tries again", async () => {
    let attempt = 0;
    const build = async () => {
      attempt += 1;
      if (attempt === 1) throw new Error("KV down at the first request");
      return "ready";
    };
    await expect(processSingleton(NAME, build)).rejects.toThrow("KV down at the first request");
    expect(await processSingleton(NAME, build)).toBe("ready");
  });

  it("keeps parts apart by name", async () => {
    const other = `${NAME}-other`;
    expect(await processSingleton(NAME, async () => "kv")).toBe("kv");
    expect(await processSingleton(other, async () => "client")).toBe("client");
    holders.__voucherStorefront?.delete(other);
  });
});
