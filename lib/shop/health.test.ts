// A call's health sample is written after the response that made the call has gone. On a
// serverless host the function may be frozen or ended as soon as the response is sent, so the
// write is handed to Next's after(), which keeps the function alive until it is done.
import { describe, expect, it, vi } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";

const kv = createMemoryKv();
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => kv }));
const kept: Promise<unknown>[] = [];
vi.mock("next/server", () => ({ after: (work: Promise<unknown>) => void kept.push(work) }));
const { shopCallRecorder } = await import("./health");
const { readHealth } = await import("@/lib/operations/health");
const { systemClock } = await import("@/lib/time/clock");

describe("a call's health sample", () => {
  it("is written under after(), so the host keeps the function alive until it is stored", async () => {
    shopCallRecorder("upstream")({ ms: 12, failed: false });
    expect(kept).toHaveLength(1);
    await Promise.all(kept);
    const health = await readHealth(kv, systemClock, "upstream");
    expect(JSON.stringify(health)).toMatch(/"calls":1\b/);
  });
});
