// An order's upstream spend is counted against the balance snapshot exactly once, on every KV
// driver: a repeat of the step counts nothing more, and a write that fails part-way (a lost
// connection, a process killed between two writes) leaves nothing that stops the repeat from
// counting it.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { OPS_KEYS } from "@/lib/operations/keys";
import { recordUpstreamSpend } from "@/lib/operations/partner-balance";
import { driversForFile } from "../kv/drivers";
import { failingWrite } from "../kv/helpers";

const { drivers, track } = await driversForFile();

const UPSTREAM = "spend-test";
const FETCHED_AT = 1_800_000_000_000;
const cost = { minor: 950, currency: "USD" };
const spendOf = (orderId: string, charged: typeof cost) => ({ orderId, charged, heldCurrency: charged.currency });
describe.each(drivers)("upstream spend: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  async function store(): Promise<Kv> {
    const kv = open(`${randomUUID()}:`);
    track(kv);
    await kv.set(OPS_KEYS.balance(UPSTREAM), JSON.stringify({ value: { minor: 10_000, currency: "USD" }, fetchedAt: FETCHED_AT }));
    return kv;
  }
  const spent = async (kv: Kv) => Number((await kv.get(OPS_KEYS.spent(UPSTREAM, FETCHED_AT, "USD"))) ?? 0);

  it("counts an order's spend once however often its step repeats", async () => {
    const kv = await store();
    for (let i = 0; i < 3; i += 1) await recordUpstreamSpend({ kv, upstream: UPSTREAM }, spendOf("order-1", cost));
    await recordUpstreamSpend({ kv, upstream: UPSTREAM }, spendOf("order-2", { minor: 50, currency: "USD" }));
    expect(await spent(kv)).toBe(1000);
  });

  it.each([1, 2, 3])("counts it once when write %i of the first try fails and the step repeats", async (n) => {
    const kv = await store();
    await recordUpstreamSpend({ kv: failingWrite(kv, n), upstream: UPSTREAM }, spendOf("order-1", cost)).catch(() => undefined);
    await recordUpstreamSpend({ kv, upstream: UPSTREAM }, spendOf("order-1", cost));
    expect(await spent(kv)).toBe(950);
  });
});
