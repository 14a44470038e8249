// One-shot faults a property schedule arms and the next matching call consumes: a crash of the
// process before or after an external call takes effect, a step that throws a plain Error (a
// bug, a library's surprise), a KV command that fails or whose reply is lost, a mail server that
// refuses an email, and what the wire does (wire-faults.ts). A crash kills the whole process:
// from then on every call it makes throws `Crash` too, until the world starts the next run
// (`revive`).
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import type { CheckoutPayments, CheckoutUpstream } from "@/lib/checkout/checkout-deps";
import type { OrderStore } from "@/lib/checkout/store/order-store";

type Service = "upstream" | "payments";

export type Fault =
  | { target: Service; kind: "crash_before" | "crash_after" | "throw_before" | "throw_after" }
  | { target: Service; kind: "refused" | "answer_lost" }
  /** The request waits on the wire; our client fails at once, and the service gets it `delaySeconds` later. */
  | { target: Service; kind: "held"; delaySeconds: number }
  /** The service acts, and this many calls in a row get a 2xx our client cannot read. */
  | { target: Service; kind: "unreadable"; times: number }
  /** The service acts and the answer is lost; the repeat to the same path is refused in between (503, error 103). */
  | { target: "upstream"; kind: "lost_then_refused" }
  | { target: "upstream"; kind: "refused_between"; path: string }
  | { target: "store"; kind: "crash_after_save" }
  /** The buyer's mail server refuses the next email (nothing sent). */
  | { target: "mail"; kind: "refused" }
  /** `on`: only a command on a key starting so, or running the script so named (any command without it). */
  | { target: "kv"; kind: "error" | "reply_lost"; on?: string };

/** The process died here: nothing after this point ran. Schedules catch it and go on. */
export class Crash extends Error {
  override name = "Crash";
}

/** A bug or a library's surprise: a plain Error, which advance() records on the order. */
export class InjectedThrow extends Error {
  override name = "InjectedThrow";
}

export class FaultPlan {
  private armed: Fault[] = [];
  private death: Crash | null = null;
  /** Every fault that fired, for the report of a failing schedule. */
  readonly fired: string[] = [];

  arm(fault: Fault): void {
    this.armed.push(fault);
  }

  /** Armed again first, so that it is the very next matching call's (consecutive answers, a repeat). */
  armNext(fault: Fault): void {
    this.armed.unshift(fault);
  }

  disarm(): void {
    this.armed = [];
  }

  take(target: Fault["target"], kinds: readonly Fault["kind"][], matches: (fault: Fault) => boolean = () => true): Fault | null {
    const index = this.armed.findIndex((f) => f.target === target && kinds.includes(f.kind) && matches(f));
    if (index < 0) return null;
    const [fault] = this.armed.splice(index, 1);
    if (!fault) return null;
    this.fired.push(`${fault.target}:${fault.kind}`);
    return fault;
  }

  /** The process dies now; the returned Crash is thrown at the crash point. */
  crash(message: string): Crash {
    const crash = new Crash(message);
    this.death ??= crash;
    return crash;
  }

  get dead(): boolean {
    return this.death !== null;
  }

  /** Any call a dead process would make: it never happens. */
  assertAlive(what: string): void {
    if (this.death) throw new Crash(`${what} after the process died (${this.death.message})`);
  }

  /** A new process starts: returns how the last one died, if it did. */
  revive(): Crash | null {
    const death = this.death;
    this.death = null;
    return death;
  }
}

function mortalPort<T extends object>(plan: FaultPlan, target: Service, port: T): T {
  return new Proxy(port, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      const what = `${target}.${String(name)}`;
      return async (...args: unknown[]) => {
        plan.assertAlive(what);
        const before = plan.take(target, ["crash_before", "throw_before"]);
        if (before?.kind === "crash_before") throw plan.crash(`crash before ${what}`);
        if (before?.kind === "throw_before") throw new InjectedThrow(`injected: ${what} threw before sending`);
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
        // A run in the same process died while this call was out: its answer reaches nobody.
        plan.assertAlive(`the answer to ${what}`);
        const after = plan.take(target, ["crash_after", "throw_after"]);
        if (after?.kind === "crash_after") throw plan.crash(`crash after ${what}`);
        if (after?.kind === "throw_after") throw new InjectedThrow(`injected: ${what} threw after it took effect`);
        return result;
      };
    },
  });
}

export const crashingUpstream = (plan: FaultPlan, port: CheckoutUpstream): CheckoutUpstream => mortalPort(plan, "upstream", port);
export const crashingPayments = (plan: FaultPlan, port: CheckoutPayments): CheckoutPayments => mortalPort(plan, "payments", port);

/** A store whose save may be followed by a crash (the write landed, the run did not go on), and that a dead process cannot use. */
export function crashingStore(plan: FaultPlan, store: OrderStore): OrderStore {
  const alive =
    <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      plan.assertAlive(`store.${name}`);
      return call(...args);
    };
  return {
    create: alive("create", store.create),
    read: alive("read", store.read),
    due: alive("due", store.due),
    postpone: alive("postpone", store.postpone),
    forget: alive("forget", store.forget),
    save: alive("save", async (current, change, letGo) => {
      const saved = await store.save(current, change, letGo);
      if (plan.take("store", ["crash_after_save"])) throw plan.crash("crash after saving the order");
      return saved;
    }),
  };
}

const WRITES = new Set(["set", "setIfAbsent", "del", "incr", "zAdd", "zRem", "run"]);

/** Whether a KV command's arguments name this key prefix or script. */
function aimedAt(on: string, args: unknown[]): boolean {
  const [first] = args;
  if (typeof first === "string") return first.startsWith(on);
  return typeof first === "object" && first !== null && (first as { name?: unknown }).name === on;
}

/** KV whose next command fails before it runs, or runs and loses its reply (writes only); a dead process sends none. */
export function faultyKv(plan: FaultPlan, kv: Kv): Kv {
  return new Proxy(kv, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== "function" || name === "close") return value;
      const write = WRITES.has(String(name));
      return async (...args: unknown[]) => {
        plan.assertAlive(`kv.${String(name)}`);
        const fault = plan.take("kv", write ? ["error", "reply_lost"] : ["error"], (f) => f.target !== "kv" || f.on === undefined || aimedAt(f.on, args));
        if (fault?.kind === "error") throw new KvError("unavailable", `injected: KV unavailable on ${String(name)}`);
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
        if (fault?.kind === "reply_lost") throw new KvError("reply_lost", `injected: reply to ${String(name)} lost`);
        return result;
      };
    },
  });
}
