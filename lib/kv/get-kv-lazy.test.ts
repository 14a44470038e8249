// Drivers load only when chosen: here the LMDB native addon "fails to load", as it would in a
// bundle without it, and the Redis-speaking drivers must not notice.
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("lmdb", () => {
  throw new Error("lmdb native addon is not installed");
});

describe("createKv", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("does not load the embedded driver's addon for a REST or Redis store", async () => {
    const { createKv } = await import("./get-kv");
    const rest = await createKv({ driver: "upstash", url: "https://kv.example", token: "t" });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const tcp = await createKv({ driver: "redis", url: "redis://127.0.0.1:1" });
    await Promise.all([rest.close(), tcp.close()]);
    quiet.mockRestore();
    // The embedded store is the one that needs the addon, and says so when chosen.
    const failure: unknown = await createKv({ driver: "embedded", dir: "/tmp/none" }).catch((error: unknown) => error);
    expect(String((failure as Error).cause)).toContain("lmdb native addon is not installed");
  });

  it("fails the start on a serverless host without a shared store", async () => {
    for (const name of ["KV_REST_API_URL", "KV_REST_API_TOKEN", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "REDIS_URL"]) {
      vi.stubEnv(name, "");
    }
    vi.stubEnv("VERCEL", "1");
    vi.resetModules();
    const { getKv } = await import("./get-kv");
    await expect(getKv()).rejects.toThrow(/KV_REST_API_URL and KV_REST_API_TOKEN.*or REDIS_URL/);
  });
});
