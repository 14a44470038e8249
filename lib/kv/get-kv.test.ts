import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

describe("getKv", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("opens one store per process, survives a module reload, and logs the driver once", async () => {
    const dir = await mkdtemp(join(tmpdir(), "kv-get-"));
    for (const name of ["KV_REST_API_URL", "KV_REST_API_TOKEN", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "REDIS_URL"]) {
      vi.stubEnv(name, "");
    }
    vi.stubEnv("KV_DATA_DIR", dir);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);

    const { getKv } = await import("./get-kv");
    const kv = await getKv();
    await kv.set("k", "v");
    vi.resetModules(); // what Next dev does to a module on every edit
    const reloaded = await import("./get-kv");
    expect(await reloaded.getKv()).toBe(kv);
    expect(info.mock.calls).toEqual([[`[kv] driver: embedded (${dir})`]]);

    await kv.close();
    (globalThis as { __voucherStorefront?: Map<string, unknown> }).__voucherStorefront?.delete("kv");
    await rm(dir, { recursive: true, force: true });
  });
});
