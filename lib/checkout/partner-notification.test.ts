import { describe, expect, it } from "vitest";
import { err, ok } from "@/lib/result";
import { newOrderRecord } from "./new-order";
import type { OrderRecord } from "./order-record";
import { handlePartnerNotification, type NotificationDeps } from "./partner-notification";
import { surpriseText } from "./surprise-notes";
import { surpriseIn } from "./upstream-surprises";

const ID = "01KA0000000000000000000000";
const record: OrderRecord = {
  ...newOrderRecord(
    {
      id: ID,
      flow: "pay_first",
      capabilityHash: "c".repeat(64),
      capabilitySealed: "v1.a.b.c",
      email: "b@example.com",
      item: { kind: "voucher", gameId: 20, voucherId: 2001, name: "100 Diamonds", deliveryMethod: "direct_topup" },
      account: "1|2",
      activation: false,
      test: false,
      quote: { price: { minor: 220, currency: "USD" }, cost: { minor: 198, currency: "USD" } },
    },
    0,
  ),
  upstream: { orderId: "555", status: 1, amountCharged: null, reservationEndsAt: null, errorText: null, payMayExist: false },
};

function deps(advanced: string[], held: OrderRecord = record, kept: unknown[] = []): NotificationDeps {
  return {
    secret: "s3cret",
    read: async (id) => (id === ID ? ok(held) : err({ code: "not_found", orderId: id })),
    advance: async (id) => {
      advanced.push(id);
      return ok({ ...held, state: "completed" });
    },
    recordSurprise: async (id, fact) => {
      kept.push({ id, ...fact });
      const what = surpriseIn(held, fact);
      return ok(what && surpriseText(what));
    },
  };
}

/** The order as a run left it after upstream refused it: failed, no upstream id recorded. */
const failed: OrderRecord = { ...record, state: "failed", reason: "unavailable", upstream: { ...record.upstream, orderId: null, status: null } };

/** The answer as a sender sees it: the status and the JSON body. */
async function notify(secretHeader: string | null, rawBody: string, notificationDeps: NotificationDeps) {
  const response = await handlePartnerNotification(secretHeader, rawBody, notificationDeps);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const body = (extra: Record<string, unknown>) => JSON.stringify({ success: true, order_status: 2, order_id: "555", ext_order_id: ID, ...extra });

describe("partner notifications", () => {
  it("wakes the order named by ext_order_id when the secret matches", async () => {
    const advanced: string[] = [];
    expect(await notify("s3cret", body({}), deps(advanced))).toEqual({ status: 200, body: { ok: true, message: "order completed" } });
    expect(advanced).toEqual([ID]);
  });

  it("skips the re-read when the notification names the status the order already holds", async () => {
    const advanced: string[] = [];
    expect(await notify("s3cret", body({ order_status: 1 }), deps(advanced))).toEqual({
      status: 200,
      body: { ok: true, message: "nothing new: the order is already at status 1" },
    });
    // A missing or malformed status is no hint: the order looks.
    await notify("s3cret", body({ order_status: "1" }), deps(advanced));
    await notify("s3cret", body({ order_status: undefined }), deps(advanced));
    expect(advanced).toEqual([ID, ID]);
  });

  it("refuses a missing or wrong secret, and everything when none is configured, changing nothing", async () => {
    const advanced: string[] = [];
    expect(await notify(null, body({}), deps(advanced))).toEqual({ status: 401, body: { error: "unauthorized", message: "missing or wrong x-notify-secret header" } });
    expect((await notify("s3cre", body({}), deps(advanced))).status).toBe(401);
    expect(await notify("s3cret", body({}), { ...deps(advanced), secret: undefined })).toMatchObject({ status: 503, body: { error: "not_configured" } });
    expect(advanced).toEqual([]);
  });

  it("trusts nothing else in the body: an unknown or foreign order is ignored", async () => {
    const advanced: string[] = [];
    expect((await notify("s3cret", body({ ext_order_id: "01KA0000000000000000000009" }), deps(advanced))).body.message).toMatch(/unknown/);
    expect((await notify("s3cret", body({ ext_order_id: undefined }), deps(advanced))).body.message).toMatch(/no ext_order_id/);
    expect(advanced).toEqual([]);
  });

  it("keeps a delivery for an order we hold as failed on the order for the owner, and answers 2xx so upstream stops", async () => {
    const advanced: string[] = [];
    const kept: unknown[] = [];
    const answer = await notify("s3cret", body({ order_status: 2 }), deps(advanced, failed, kept));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/kept for the owner: upstream delivered it \(status 2\) while we hold it as failed/);
    expect(kept).toEqual([{ id: ID, upstreamOrderId: "555", status: 2 }]);
    // What upstream says a failed order ended as is no surprise: nothing is kept.
    await notify("s3cret", body({ order_status: 3 }), deps(advanced, failed, kept));
    expect(kept).toHaveLength(1);
  });

  it("keeps an upstream order id other than the recorded one on the order, and acts on nothing else in it", async () => {
    const advanced: string[] = [];
    const kept: unknown[] = [];
    const answer = await notify("s3cret", body({ order_id: "999" }), deps(advanced, record, kept));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/upstream order 999 is not the one we recorded \(555\)/);
    expect(kept).toEqual([{ id: ID, upstreamOrderId: "999", status: 2 }]);
    expect(advanced).toEqual([]);
  });

  it("answers 503 when the surprise could not be kept, so upstream tells us again", async () => {
    const failing = { ...deps([], failed), recordSurprise: async () => err({ code: "conflict" as const }) };
    expect((await notify("s3cret", body({ order_status: 2 }), failing)).status).toBe(503);
  });

  it("answers 400 naming the problem for a body that is not a notification", async () => {
    const none: string[] = [];
    expect(await notify("s3cret", "{", deps(none))).toEqual({ status: 400, body: { error: "invalid_json", message: "body is not JSON" } });
    const bad = await notify("s3cret", JSON.stringify({ ext_order_id: "no!" }), deps(none));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid", field: "order_id" });
  });
});
