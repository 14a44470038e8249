// A call's health sample is written after the response that made the call has gone. On a
// serverless host the function may be frozen or ended as soon as the response is sent, so the
// write is handed to Next's after(), which keeps the function alive until it is done. The calls
// of one response (a payment webhook's run makes five) are written together.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";

const kv = createMemoryKv();
const runs: string[] = [];
const counted: Kv = { ...kv, run: (script, input) => (runs.push(script.name), kv.run(script, input)) };
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => counted }));
/** What after() was handed: work to run once the response has gone, or a promise to wait for. */
let handed: (Promise<unknown> | (() => unknown))[] = [];
vi.mock("next/server", () => ({ after: (work: Promise<unknown> | (() => unknown)) => void handed.push(work) }));
const { shopCallRecorder } = await import("./health");
const { readHealth } = await import("@/lib/operations/health");
const { systemClock } = await import("@/lib/time/clock");

/** The response has gone: Next runs the callbacks and waits for everything it was handed. */
async function responseSent(): Promise<void> {
  const work = handed;
  handed = [];
  await Promise.all(work.map((item) => (typeof item === "function" ? item() : item)));
}

const callsOf = async (system: "upstream" | "payments") => (await readHealth(kv, systemClock, system)).calls;

describe("a call's health sample", () => {
  beforeEach(() => {
    handed = [];
    runs.length = 0;
  });

  it("is written under after(), so the host keeps the function alive until it is stored", async () => {
    const before = await callsOf("upstream");
    shopCallRecorder("upstream")({ ms: 12, failed: false });
    expect(handed.length).toBeGreaterThan(0);
    expect(runs).toEqual([]);
    await responseSent();
    expect(await callsOf("upstream")).toBe(before + 1);
  });

  it("is written with the other calls of its response: one write per system and latency bucket", async () => {
    const [upstream, payments] = [await callsOf("upstream"), await callsOf("payments")];
    for (let i = 0; i < 3; i += 1) shopCallRecorder("payments")({ ms: 20, failed: false });
    shopCallRecorder("upstream")({ ms: 30, failed: false });
    shopCallRecorder("upstream")({ ms: 30, failed: false });
    await responseSent();
    expect(runs).toEqual(["operations-count-call", "operations-count-call"]);
    expect([await callsOf("upstream"), await callsOf("payments")]).toEqual([upstream + 2, payments + 3]);
  });

  it("made after its batch was written goes in the next one, not lost", async () => {
    const before = await callsOf("payments");
    const record = shopCallRecorder("payments");
    record({ ms: 20, failed: false });
    await responseSent();
    // The batch has been written: a later call starts a new one, written after its own response.
    record({ ms: 20, failed: false });
    expect(runs).toHaveLength(1);
    await responseSent();
    expect(await callsOf("payments")).toBe(before + 2);
    expect(runs).toHaveLength(2);
  });
});
