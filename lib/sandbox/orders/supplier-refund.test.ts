// The sandbox's supplier-refund control through its HTTP shell: a delivered order goes to 3
// with the amount credited back; with notify:false its partner hears nothing of it, yet
// get_order_info and /api/revise show it; anything but a delivered order is refused unchanged.
import { describe, expect, it } from "vitest";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { fixtureSchema } from "@/lib/sandbox/fixture/schema";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";
import { sampleFixture } from "@/tests/support/sandbox/sample-fixture";

function world() {
  const raw = sampleFixture();
  const partner = raw.partners[0];
  if (partner) partner.notify_url = "https://shop.test/notify";
  const notified: unknown[] = [];
  const timers = new ManualTimers();
  const sandbox = createSandbox({
    fixture: fixtureSchema.parse(raw),
    clock: timers,
    scheduler: timers,
    notifyFetch: async (_url, init) => {
      notified.push(JSON.parse(String(init?.body)));
      return new Response("ok");
    },
  });
  let token = "";
  async function call(path: string, body?: unknown) {
    const response = await sandbox.handle(
      new Request(`http://sandbox.test${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  return {
    timers,
    notified,
    call,
    async login() {
      token = String((await call("/api/auth/login", { login: "demo", api_key: "demo-key" })).body.token);
    },
    close: () => sandbox.close(),
  };
}

describe("POST /control/supplier_refund", () => {
  it("refunds a delivered order without telling the partner, and get_order_info and revise show it", async () => {
    const w = world();
    await w.login();
    const paid = await w.call("/api/pay", { voucher_id: 1001, ext_order_id: "OURS1" });
    await w.timers.advance(1000);
    expect((await w.call(`/api/get_order_info?order_id=${String(paid.body.order_id)}`)).body).toMatchObject({ order_status: 2 });
    const before = (await w.call("/api/balance")).body.balance;
    const heard = w.notified.length;

    const refunded = await w.call("/control/supplier_refund", { ext_order_id: "OURS1", notify: false });
    expect(refunded).toMatchObject({ status: 200, body: { order_status: 3, error_text: "refunded by supplier" } });
    await w.timers.advance(60_000);
    expect(w.notified).toHaveLength(heard);
    expect((await w.call("/api/balance")).body.balance).toBe(Number(before) + 9.5);
    expect((await w.call(`/api/get_order_info?order_id=${String(paid.body.order_id)}`)).body).toMatchObject({ order_status: 3 });
    const day = new Date(w.timers.now()).toISOString().slice(0, 10);
    const revised = await w.call("/api/revise", { date_from: day, date_to: day, payments: [{ order_id: String(paid.body.order_id), amount: 9.5, status: 2, transaction_time: "15.01.2026 12:00:00" }] });
    expect(revised.body).toMatchObject({ revise_payments_false: 1, revise_payments_mismatches: [{ mismatch_reason: "status_mismatch", service_status: 3 }] });
    w.close();
  });

  it("tells the partner by default, and refuses an order that is not delivered or is unknown, changing nothing", async () => {
    const w = world();
    await w.login();
    const paid = await w.call("/api/pay", { voucher_id: 1001 });
    await w.timers.advance(1000);
    const heard = w.notified.length;
    expect((await w.call("/control/supplier_refund", { order_id: String(paid.body.order_id) })).status).toBe(200);
    await w.timers.advance(1000);
    expect(w.notified.length).toBe(heard + 1);
    const again = await w.call("/control/supplier_refund", { order_id: String(paid.body.order_id) });
    expect(again).toMatchObject({ status: 400, body: { error_text: expect.stringContaining("status 3") } });
    expect((await w.call("/control/supplier_refund", { order_id: "999999" })).status).toBe(404);
    expect((await w.call("/control/supplier_refund", { notify: false })).status).toBe(400);
    w.close();
  });
});
