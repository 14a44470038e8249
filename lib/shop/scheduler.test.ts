// The periodic jobs' QStash schedules on a serverless host: no loop runs there, so a cold start
// is the only moment the shop can see that its schedules exist. Without them the sweep, the net
// under the per-deadline messages, would run only from the host's daily cron.
import { describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";

const world = vi.hoisted(() => ({ kv: null as Kv | null, clients: 0, created: [] as { scheduleId?: string; destination: string; cron: string }[] }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => world.kv }));
vi.mock("@upstash/qstash", () => ({
  Client: class {
    constructor() {
      world.clients += 1;
    }
    schedules = { create: async (request: { scheduleId?: string; destination: string; cron: string }) => void world.created.push(request) };
  },
  Receiver: class {},
}));

vi.stubEnv("VERCEL", "1");
// A demo with a QStash token uses QStash as a live shop does, without a live shop's other settings.
vi.stubEnv("SHOP_MODE", "demo");
vi.stubEnv("SHOP_URL", "https://shop.example");
vi.stubEnv("CRON_SECRET", "a-cron-secret-of-enough-length-0123456789");
vi.stubEnv("QSTASH_URL", "https://qstash.example");
vi.stubEnv("QSTASH_TOKEN", "qstash-token");
vi.stubEnv("QSTASH_CURRENT_SIGNING_KEY", "sig-current");
vi.stubEnv("QSTASH_NEXT_SIGNING_KEY", "sig-next");

const { startScheduler } = await import("./scheduler");

describe("the scheduler's start on a serverless host with QStash", () => {
  it("loads no QStash client where another function kept the schedules today (every cold start asks)", async () => {
    world.kv = createMemoryKv();
    await world.kv.set("scheduler:schedules:https://shop.example", "1");
    await startScheduler();
    expect([world.clients, world.created.length]).toEqual([0, 0]);
  });

  it("keeps the sweep's and the reconciliation's schedules, once a day however many functions start", async () => {
    world.kv = createMemoryKv();
    await startScheduler();
    expect(world.created.map((schedule) => [schedule.scheduleId, schedule.destination, schedule.cron])).toEqual([
      ["voucher-storefront-sweep", "https://shop.example/api/cron/sweep", "*/10 * * * *"],
      ["voucher-storefront-reconcile", "https://shop.example/api/cron/reconcile", "30 4 * * *"],
    ]);
    await startScheduler();
    expect(world.created).toHaveLength(2);
  });
});
