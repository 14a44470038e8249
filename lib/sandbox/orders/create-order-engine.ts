// The sandbox's order state machine behind the OrderEngine boundary. All state lives in the
// store; this object holds only timers that make due transitions and notifications prompt.
import type { CatalogIndex } from "../catalog-index";
import type { Fixture } from "../fixture/schema";
import { createNotifier } from "../notifications/notifier";
import type { Clock, Scheduler } from "@/lib/time/clock";
import type { SandboxStore } from "../store/sandbox-store";
import { balance } from "./balance";
import { secondsToMs, type EngineContext } from "./engine-context";
import type { OrderEngine } from "./order-engine";
import { orderInfo } from "./order-info";
import { OrderKeeper } from "./order-keeper";
import { orderUpdate } from "./order-update";
import { existingByExt, pay } from "./pay";
import { revise } from "./revise";
import { supplierRefund } from "./supplier-refund";
import { Timers } from "./timers";
import { randomVoucherCode } from "./voucher-code";

export interface OrderEngineOptions {
  fixture: Fixture;
  catalog: CatalogIndex;
  clock: Clock;
  scheduler: Scheduler;
  store: SandboxStore;
  /** Used for notifications; tests pass a fake. */
  notifyFetch?: typeof fetch;
  /** How long a partner has to answer a notification (docs/partner-api-decisions.md item 18: 10 s). */
  notifyTimeoutMs?: number;
  randomCode?: () => string;
}

export function createOrderEngine(options: OrderEngineOptions): OrderEngine {
  const { fixture, catalog, clock, scheduler, store } = options;
  const timers = new Timers(scheduler);
  const notifier = createNotifier({
    store,
    clock,
    scheduler,
    fetch: options.notifyFetch ?? ((input, init) => fetch(input, init)),
    retryDelaysMs: fixture.notify_retry_delays_seconds.map(secondsToMs),
    timeoutMs: options.notifyTimeoutMs,
  });
  const partners = new Map(fixture.partners.map((p) => [p.partner_id, p]));
  const orders = new OrderKeeper({
    store,
    clock,
    timers,
    notifier,
    randomCode: options.randomCode ?? randomVoucherCode,
    partners,
  });
  const ctx: EngineContext = { fixture, catalog, clock, store, orders, partners };

  return {
    existingByExt: (partner, extOrderId) => existingByExt(ctx, partner, extOrderId),
    balance: (partner) => balance(ctx, partner),
    pay: (partner, request) => pay(ctx, partner, request),
    orderUpdate: (partner, request) => orderUpdate(ctx, partner, request),
    orderInfo: (partner, query) => orderInfo(ctx, partner, query),
    revise: (partner, input) => revise(ctx, partner, input),
    supplierRefund: (partner, request) => supplierRefund(ctx, partner, request),
    close() {
      timers.close();
      notifier.close();
    },
  };
}
