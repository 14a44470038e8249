// One-shot faults a property schedule arms and the next matching call consumes: a crash of the
// process before or after an external call takes effect, an answer lost on the wire, a call
// refused before it reached the other side, a KV command that fails or whose reply is lost.
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import type { PaymentsPort, UpstreamPort } from "@/lib/checkout/ports";
import type { OrderStore } from "@/lib/checkout/store/order-store";

export type Fault =
  | { target: "upstream"; kind: "crash_before" | "crash_after" | "refused" | "answer_lost" }
  | { target: "payments"; kind: "crash_before" | "crash_after" | "refused" | "answer_lost" }
  | { target: "store"; kind: "crash_after_save" }
  | { target: "kv"; kind: "error" | "reply_lost" };

/** The process died here: nothing after this point ran. Schedules catch it and go on. */
export class Crash extends Error {
  override name = "Crash";
}

export class FaultPlan {
  private armed: Fault[] = [];
  /** Every fault that fired, for the report of a failing schedule. */
  readonly fired: string[] = [];

  arm(fault: Fault): void {
    this.armed.push(fault);
  }

  disarm(): void {
    this.armed = [];
  }

  take(target: Fault["target"], kinds: readonly string[]): Fault["kind"] | null {
    const index = this.armed.findIndex((f) => f.target === target && kinds.includes(f.kind));
    if (index < 0) return null;
    const [fault] = this.armed.splice(index, 1);
    if (!fault) return null;
    this.fired.push(`${fault.target}:${fault.kind}`);
    return fault.kind;
  }
}

/** A Partner API fetch that a fault can refuse (502 before the service sees it) or cut after it acted. */
export function faultyFetch(plan: FaultPlan, target: "upstream" | "payments", inner: (request: Request) => Promise<Response>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const fault = plan.take(target, ["refused", "answer_lost"]);
    if (fault === "refused") {
      return target === "payments"
        ? Response.json({ error: { type: "api_error", message: "injected: service unavailable" } }, { status: 503 })
        : new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } });
    }
    const response = await inner(request);
    if (fault === "answer_lost") {
      await response.arrayBuffer();
      throw new TypeError("fetch failed: connection reset after the request was sent (injected)");
    }
    return response;
  };
}

function crashing<T extends object>(plan: FaultPlan, target: "upstream" | "payments", port: T): T {
  return new Proxy(port, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        if (plan.take(target, ["crash_before"])) throw new Crash(`crash before ${target}.${String(name)}`);
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
        if (plan.take(target, ["crash_after"])) throw new Crash(`crash after ${target}.${String(name)}`);
        return result;
      };
    },
  });
}

export const crashingUpstream = (plan: FaultPlan, port: UpstreamPort): UpstreamPort => crashing(plan, "upstream", port);
export const crashingPayments = (plan: FaultPlan, port: PaymentsPort): PaymentsPort => crashing(plan, "payments", port);

/** A store whose save may be followed by a crash: the write landed, the run did not go on. */
export function crashingStore(plan: FaultPlan, store: OrderStore): OrderStore {
  return {
    ...store,
    async save(current, change) {
      const saved = await store.save(current, change);
      if (plan.take("store", ["crash_after_save"])) throw new Crash("crash after saving the order");
      return saved;
    },
  };
}

const WRITES = new Set(["set", "setIfAbsent", "del", "incr", "zAdd", "zRem", "run"]);

/** KV whose next command fails before it runs, or runs and loses its reply (writes only). */
export function faultyKv(plan: FaultPlan, kv: Kv): Kv {
  return new Proxy(kv, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== "function" || name === "close") return value;
      const write = WRITES.has(String(name));
      return async (...args: unknown[]) => {
        const fault = plan.take("kv", write ? ["error", "reply_lost"] : ["error"]);
        if (fault === "error") throw new KvError("unavailable", `injected: KV unavailable on ${String(name)}`);
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
        if (fault === "reply_lost") throw new KvError("reply_lost", `injected: reply to ${String(name)} lost`);
        return result;
      };
    },
  });
}

