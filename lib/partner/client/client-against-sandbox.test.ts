// The client against the real sandbox, in process: the sandbox's handle stands in for fetch and
// runs on manual time, so its waits (supplier latency, sync wait) cost nothing. The client's
// own timeouts stay on real timers: manual time races ahead of real work (JWT signing, module
// loading on a busy machine), and a 15 s timeout must not fire because a loop spun 30 times.
import { afterEach, describe, expect, it } from "vitest";
import type { Result } from "@/lib/result";
import { createSandbox, type Sandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { isVoucherOrder } from "../schemas/resources";
import { createPartnerClient } from "./create-partner-client";
import type { PartnerError } from "./partner-error";
import type { SkippedItem } from "./skip-bad-items";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.close());

async function setup() {
  const timers = new ManualTimers();
  const skipped: SkippedItem[] = [];
  sandbox = createSandbox({ fixture: await loadFixture(), clock: timers, scheduler: timers });
  const handle = sandbox.handle;
  const client = createPartnerClient({
    baseUrl: "http://sandbox.test",
    login: "demo",
    apiKey: "demo-key",
    fetch: async (input, init) => handle(new Request(input, init)),
    clock: timers,
    sleep: timers.sleep,
    onSkippedItem: (item) => skipped.push(item),
  });
  /**
   * Run a call to completion, moving manual time on only while the sandbox waits on it (a
   * timer is pending), and otherwise letting real work run, up to 10 s. The JWT's signing runs
   * on libuv's thread pool, which the full suite shares with scrypt-heavy tests: time moved on
   * while that queued ran out the call's deadline, which the client reads on this same clock
   * ("the call's deadline passed" under a loaded full suite).
   */
  async function run<T>(call: Promise<Result<T, PartnerError>>): Promise<Result<T, PartnerError>> {
    let settled: Result<T, PartnerError> | undefined;
    void call.then((r) => (settled = r));
    const realDeadline = Date.now() + 10_000;
    while (settled === undefined && Date.now() < realDeadline) {
      if (timers.pendingTimers > 0) await timers.advance(500);
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (settled === undefined) throw new Error("call never settled");
    return settled;
  }
  /** The value of a call that must succeed. */
  async function value<T>(call: Promise<Result<T, PartnerError>>): Promise<T> {
    const result = await run(call);
    if (!result.ok) throw new Error(`unexpected error: ${result.error.message}`);
    return result.value;
  }
  /** The error of a call that must fail. */
  async function failure<T>(call: Promise<Result<T, PartnerError>>): Promise<PartnerError> {
    const result = await run(call);
    if (result.ok) throw new Error(`unexpected success: ${JSON.stringify(result.value)}`);
    return result.error;
  }
  return { client, value, failure, skipped };
}

describe("client against the sandbox (default fixture)", () => {
  it("reads every service and voucher of the default catalogue without skipping one", async () => {
    const { client, value, skipped } = await setup();
    const { available_games: services } = await value(client.gamesList());
    expect(services.length).toBeGreaterThanOrEqual(30);
    let vouchers = 0;
    for (const service of services.filter((s) => s.type === "voucher" && s.avalible)) {
      vouchers += (await value(client.voucherAvailable(service.id))).available.length;
    }
    expect(vouchers).toBeGreaterThan(30);
    expect(skipped).toEqual([]);
  });

  it("walks every endpoint once", async () => {
    const { client, value, failure } = await setup();

    const login = await value(client.login());
    expect(login.token.split(".")).toHaveLength(3);
    expect(login.expires_in).toBe(3600);

    const balance = await value(client.balance());
    expect(balance).toMatchObject({ partner_name: "Demo Shop", user_name: "demo", balance: 1000, currency: "USD" });

    const games = await value(client.gamesList());
    expect(games.available_games.map((g) => g.id)).toEqual(expect.arrayContaining([1, 101, 432]));

    const vouchers = await value(client.voucherAvailable(101));
    expect(vouchers.game_id).toBe(101);
    expect(vouchers.available.map((v) => v.voucher_id)).toContain(10101);

    const player = await value(client.accountCheck({ game_id: 432, account: "100200300" }));
    expect(player).toMatchObject({ success: true, player_name: "StarfallHero", game_id: 432 });
    const wrongRegion = await value(client.accountCheck({ game_id: 426, account: "87654321|4321" }));
    expect(wrongRegion).toMatchObject({ success: false, error_code: "wrong_service_region", recommended_game_id: 92837 });
    const unchecked = await failure(client.accountCheck({ game_id: 461, account: "1" }));
    expect(unchecked.code).toBe(503);

    const bought = await value(client.pay({ voucher_id: 10101, ext_order_id: "walk1" }));
    expect(bought).toMatchObject({ success: true, order_status: 2, ext_order_id: "walk1" });
    expect(isVoucherOrder(bought) && bought.voucher_code).toBeTruthy();
    const again = await value(client.pay({ voucher_id: 10101, ext_order_id: "walk1" }));
    expect(again.order_id).toBe(bought.order_id);

    const topUp = await value(client.pay({ game_id: 1, account: "vaultfan42", amount: 10 }));
    expect(topUp).toMatchObject({ game_id: 1, account: "vaultfan42", amount: 10 });
    expect([2, 5]).toContain(topUp.order_status);

    const reserved = await value(client.pay({ voucher_id: 10102, request: 1 }));
    expect(reserved.order_status).toBe(6);
    const confirmed = await value(client.orderUpdate({ order_id: reserved.order_id, status: 2 }));
    expect(confirmed).toMatchObject({ order_id: reserved.order_id, order_status: 2, game_id: "101", voucher_id: "10102" });
    const repeated = await failure(client.orderUpdate({ order_id: bought.order_id, status: 2 }));
    expect(repeated.code).toBe(101);

    const info = await value(client.orderInfo(reserved.order_id));
    expect(info).toMatchObject({ order_id: reserved.order_id, order_status: 2 });

    const missingAccount = await failure(client.pay({ voucher_id: 43201 }));
    expect([missingAccount.code, missingAccount.deliveryMethod]).toEqual([400, "direct_topup"]);
    const unknownGame = await failure(client.voucherAvailable(999_999));
    expect(unknownGame.code).toBe(404);

    const revise = await value(
      client.revise({
        date_from: "2026-01-15",
        date_to: "2026-01-15",
        payments: [
          { order_id: bought.order_id, amount: bought.amount_charged, status: 2, transaction_time: "15.01.2026 12:00:05" },
          { order_id: "1", amount: 1, status: 2, transaction_time: "15.01.2026 12:00:05" },
        ],
      }),
    );
    expect(revise).toMatchObject({ success: true, payments_count: 2, revise_payments_true: 1, revise_payments_not_found: 1 });
    expect(revise.revise_payments_mismatches).toEqual([expect.objectContaining({ order_id: "1", mismatch_reason: "not_found" })]);

    const after = await value(client.balance());
    expect(after.balance).toBeLessThan(1000);
  });
});
