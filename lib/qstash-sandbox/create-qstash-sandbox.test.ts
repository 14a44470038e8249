// The emulation against the real client and the real Receiver: what the client publishes is
// kept, delivered at its time with a signature the Receiver accepts, retried after a failure,
// sent once however often it is published with one deduplication id; a wrong key is refused.
import { Client, Receiver } from "@upstash/qstash";
import { afterEach, describe, expect, it } from "vitest";
import { createQstashSandbox, retryDelayMs } from "./create-qstash-sandbox";
import { serveQstashSandbox, type RunningQstashSandbox } from "./serve";

const KEYS = { currentSigningKey: "sig_current_key", nextSigningKey: "sig_next_key" };
const DESTINATION = "https://shop.test/api/scheduler/deadline";

let running: RunningQstashSandbox | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function world() {
  let now = 1_800_000_000_000;
  const received: { url: string; body: string; signature: string; headers: Headers }[] = [];
  let answer = 200;
  const sandbox = createQstashSandbox({
    config: { token: "qstash-test-token", currentSigningKey: KEYS.currentSigningKey },
    clock: { now: () => now },
    fetch: async (url, init) => {
      const headers = new Headers(init?.headers);
      received.push({ url: String(url), body: String(init?.body), signature: headers.get("upstash-signature") ?? "", headers });
      return new Response(null, { status: answer });
    },
  });
  running = await serveQstashSandbox(sandbox);
  const client = new Client({ baseUrl: running.baseUrl, token: "qstash-test-token", retry: false });
  return {
    sandbox,
    client,
    received,
    answer: (status: number) => void (answer = status),
    wait: async (ms: number) => {
      now += ms;
      return sandbox.deliverDue();
    },
    now: () => now,
  };
}

describe("the QStash emulation", () => {
  it("delivers a delayed message at its time, signed so the real Receiver accepts it", async () => {
    const w = await world();
    await w.client.publishJSON({ url: DESTINATION, body: { orderId: "o1" }, notBefore: Math.ceil((w.now() + 30_000) / 1000) });
    expect(await w.wait(29_000)).toBe(0);
    expect(await w.wait(1_000)).toBe(1);
    const [delivery] = w.received;
    expect(delivery?.url).toBe(DESTINATION);
    expect(JSON.parse(delivery?.body ?? "")).toEqual({ orderId: "o1" });
    const receiver = new Receiver(KEYS);
    await expect(receiver.verify({ signature: delivery!.signature, body: delivery!.body, url: DESTINATION })).resolves.toBe(true);
    // A key rotated in: the Receiver tries the next key when the current one fails.
    await expect(new Receiver({ currentSigningKey: "an-old-key", nextSigningKey: KEYS.currentSigningKey }).verify({ signature: delivery!.signature, body: delivery!.body })).resolves.toBe(true);
  });

  it("a signature by another key, for another URL or another body is refused", async () => {
    const w = await world();
    await w.client.publishJSON({ url: DESTINATION, body: { orderId: "o2" } });
    await w.wait(0);
    const { signature, body } = w.received[0]!;
    await expect(new Receiver({ currentSigningKey: "wrong", nextSigningKey: "also-wrong" }).verify({ signature, body })).rejects.toThrow();
    await expect(new Receiver(KEYS).verify({ signature, body, url: "https://evil.test/api/scheduler/deadline" })).rejects.toThrow(/invalid subject/);
    await expect(new Receiver(KEYS).verify({ signature, body: '{"orderId":"o3"}' })).rejects.toThrow(/body hash/);
  });

  it("retries a delivery not answered 2xx after QStash's backoff, then stops", async () => {
    const w = await world();
    await w.client.publishJSON({ url: DESTINATION, body: { orderId: "o4" } });
    w.answer(503);
    await w.wait(0);
    expect(await w.wait(retryDelayMs(1) - 1)).toBe(0);
    w.answer(200);
    expect(await w.wait(1)).toBe(1);
    expect(w.sandbox.store.delivered.map((d) => d.status)).toEqual([503, 200]);
    expect(w.received[1]?.headers.get("upstash-retried")).toBe("1");
    expect(w.sandbox.store.messages.size).toBe(0);
  });

  it("sends one message however often it is published with one deduplication id", async () => {
    const w = await world();
    const first = await w.client.publishJSON({ url: DESTINATION, body: { orderId: "o5" }, deduplicationId: "o5-1" });
    const again = await w.client.publishJSON({ url: DESTINATION, body: { orderId: "o5" }, deduplicationId: "o5-1" });
    expect(again.messageId).toBe(first.messageId);
    await w.wait(0);
    expect(w.received).toHaveLength(1);
  });

  it("keeps one schedule per id and fires it on its cron", async () => {
    const w = await world();
    for (let i = 0; i < 2; i += 1) await w.client.schedules.create({ destination: DESTINATION, cron: "*/5 * * * *", scheduleId: "sweep" });
    expect((await w.client.schedules.list()).map((s) => s.scheduleId)).toEqual(["sweep"]);
    await w.wait(5 * 60_000);
    expect(w.received).toHaveLength(1);
  });

  it("refuses a client without the token", async () => {
    const w = await world();
    const stranger = new Client({ baseUrl: running!.baseUrl, token: "not-the-token", retry: false });
    await expect(stranger.publishJSON({ url: DESTINATION, body: {} })).rejects.toThrow(/Unauthorized/);
    expect(w.sandbox.store.messages.size).toBe(0);
  });
});
