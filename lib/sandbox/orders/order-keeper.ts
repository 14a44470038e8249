// Every read and write of an order goes through here. A read brings the order up to date by
// the clock and persists what became due (with its refund and notifications, in one commit);
// every write re-arms the order's one timer and wakes its notification outbox.
import type { FixturePartner } from "../fixture/schema";
import type { Clock } from "@/lib/time/clock";
import type { NewNotification, OrderRecord } from "../store/records";
import type { CommitResult, SandboxStore } from "../store/sandbox-store";
import type { Notifier } from "../notifications/notifier";
import { orderBody } from "./order-body";
import type { Timers } from "./timers";
import { advance, nextStep } from "./transitions";

export interface OrderKeeperOptions {
  store: SandboxStore;
  clock: Clock;
  timers: Timers;
  notifier: Notifier;
  randomCode: () => string;
  partners: ReadonlyMap<number, FixturePartner>;
}

export interface OrderWrite {
  order: OrderRecord;
  expectedVersion: number | null;
  balanceDeltaMinor: number;
  /** Snapshots to notify the partner of, oldest first. */
  changes: OrderRecord[];
}

// Racing writers are rare (a timer and a request on one order); a few rounds settle them.
const MAX_ROUNDS = 8;

export class OrderKeeper {
  constructor(private readonly options: OrderKeeperOptions) {}

  /** The order as of now, with every due transition applied and stored; null if unknown. */
  async load(orderId: string): Promise<OrderRecord | null> {
    const { store, clock, randomCode } = this.options;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const stored = await store.getOrder(orderId);
      if (!stored) return null;
      const advanced = advance(stored, clock.now(), randomCode);
      if (advanced.order === stored) {
        this.afterWrite(stored);
        return stored;
      }
      const result = await this.commit({ ...advanced, expectedVersion: stored.version });
      if (result.ok) return result.order;
    }
    throw new Error(`order ${orderId}: too many concurrent updates`);
  }

  /** The partner's own order, or null for an unknown order or another partner's (both 404). */
  async loadOwned(partner: FixturePartner, orderId: string): Promise<OrderRecord | null> {
    const order = await this.load(orderId);
    return order && order.partnerId === partner.partner_id ? order : null;
  }

  /**
   * Stores a new order. A test order never waits on a supplier (docs/partner-api-decisions.md item 16), so all its
   * steps are due at creation; they go into this one commit, with a notification per status,
   * exactly as the first read would have applied them in a second commit. Nothing is debited
   * for a test order, so the balance check is the same as for the order alone.
   */
  create(order: OrderRecord, now: number): Promise<CommitResult> {
    const write = { order, expectedVersion: null, balanceDeltaMinor: -order.debitedMinor, changes: [order] };
    if (!order.test || order.debitedMinor !== 0) return this.commit(write);
    const advanced = advance(order, now, this.options.randomCode);
    return this.commit({ ...write, order: advanced.order, changes: [order, ...advanced.changes] });
  }

  async commit(write: OrderWrite): Promise<CommitResult> {
    const result = await this.options.store.commit({
      order: write.order,
      expectedVersion: write.expectedVersion,
      balanceDeltaMinor: write.balanceDeltaMinor,
      notifications: this.notificationsFor(write.order.partnerId, write.changes),
    });
    if (result.ok) this.afterWrite(result.order);
    return result;
  }

  /**
   * Reload until `settled` holds or the clock reaches `untilMs`, sleeping on the scheduler
   * until the order's next deadline in between.
   */
  async waitUntil(orderId: string, untilMs: number, settled: (order: OrderRecord) => boolean): Promise<OrderRecord | null> {
    const { clock, timers } = this.options;
    for (;;) {
      const order = await this.load(orderId);
      const now = clock.now();
      if (!order || settled(order) || now >= untilMs || timers.isClosed) return order;
      const wakeAt = Math.min(nextStep(order)?.at ?? Infinity, untilMs);
      await timers.sleep(Math.max(0, wakeAt - now));
    }
  }

  private afterWrite(order: OrderRecord): void {
    const { timers, clock, notifier, partners } = this.options;
    const step = nextStep(order);
    if (step) {
      timers.setAt(order.id, step.at, clock.now(), () =>
        this.load(order.id).then(
          () => undefined,
          (error: unknown) => console.error(`sandbox: order ${order.id} could not advance`, error),
        ),
      );
    } else {
      timers.clear(order.id);
    }
    if (partners.get(order.partnerId)?.notify_url) notifier.kick(order.id);
  }

  private notificationsFor(partnerId: number, changes: OrderRecord[]): NewNotification[] {
    const partner = this.options.partners.get(partnerId);
    if (!partner?.notify_url) return [];
    const url = partner.notify_url;
    return changes.map((change) => ({ url, headers: partner.notify_headers, body: orderBody(change) }));
  }
}
