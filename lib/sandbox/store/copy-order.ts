// The memory store hands out a copy on every read and keeps its own on every commit, so that no
// caller can change stored state. Orders are the hot path, and an OrderRecord holds only one
// nested object (`plan`), so spreading is a full copy without the cost of serialising it.
import type { OrderRecord } from "./records";

/** The keys of T whose values are objects (arrays included). */
type ObjectFields<T> = { [K in keyof T]-?: Exclude<T[K], null> extends object ? K : never }[keyof T];

export function copyOrder(order: OrderRecord): OrderRecord {
  // Typed over every object-valued field: a new nested field fails to compile until copied here.
  const nested: { [K in ObjectFields<OrderRecord>]: OrderRecord[K] } = { plan: { ...order.plan } };
  return { ...order, ...nested };
}
