import { describe, expect, it } from "vitest";
import type { DeadlineAlarm } from "@/lib/checkout/deadline-alarm";
import { detachedAlarm } from "./detached-alarm";

/** An alarm whose publishes wait until `release` is called, recording what it was told. */
function heldAlarm() {
  const told: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const alarm: DeadlineAlarm = {
    order: async (orderId, at) => {
      await held;
      told.push(`order ${orderId} ${at}`);
    },
    email: async (orderId, at) => {
      await held;
      told.push(`email ${orderId} ${at}`);
    },
  };
  return { alarm, told, release };
}

describe("detachedAlarm", () => {
  it("answers before the message is published, and hands the publish to the detached work", async () => {
    const { alarm, told, release } = heldAlarm();
    const detached: Promise<unknown>[] = [];
    const errors: string[] = [];
    const subject = detachedAlarm(async () => alarm, (task) => detached.push(task()), (what) => errors.push(what));

    await subject.order("o-1", 1_000);
    await subject.email("o-1", 2_000);
    expect(told).toEqual([]);
    expect(detached).toHaveLength(2);

    release();
    await Promise.all(detached);
    expect(told).toEqual(["order o-1 1000", "email o-1 2000"]);
    expect(errors).toEqual([]);
  });

  it("reports a failed publish, and a failure to open the alarm, without rejecting the detached work", async () => {
    const failing: DeadlineAlarm = {
      order: () => Promise.reject(new Error("QStash answered 500")),
      email: () => Promise.reject(new Error("QStash answered 500")),
    };
    const detached: Promise<unknown>[] = [];
    const errors: string[] = [];
    const report = (what: string, error: unknown) => errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);

    await detachedAlarm(async () => failing, (task) => detached.push(task()), report).order("o-2", 5_000);
    await detachedAlarm(() => Promise.reject(new Error("no QStash token")), (task) => detached.push(task()), report).email("o-3", 6_000);

    const settled = await Promise.allSettled(detached);
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
    // The two failures settle in either order.
    expect(errors.sort()).toEqual(["deadline of order o-2: QStash answered 500", "email deadline of order o-3: no QStash token"]);
  });
});
