import { describe, expect, it, vi } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";

let kvUp = false;
vi.mock("@/lib/kv/get-kv", () => ({
  getKv: async () => {
    if (!kvUp) throw new Error("KV unreachable");
    return createMemoryKv();
  },
}));
const { storefrontClient } = await import("./catalog-deps");

describe("storefrontClient", () => {
  it("forgets a start that failed (KV down at the first request), so the storefront recovers", async () => {
    await expect(storefrontClient()).rejects.toThrow("KV unreachable");
    kvUp = true;
    const client = await storefrontClient();
    expect(typeof client.gamesList).toBe("function");
    expect(await storefrontClient()).toBe(client);
  });
});
