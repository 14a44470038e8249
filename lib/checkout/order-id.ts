// Our order ids are ULIDs: time-ordered (the admin lists orders by id), 26 letters and digits,
// so the same id is also a valid ext_order_id upstream. The capability key is a separate
// secret: the order id appears in upstream reports and logs, the key only in the buyer's link.
import { createHash, randomBytes } from "node:crypto";
import { monotonicFactory } from "ulid";
import type { Clock } from "@/lib/time/clock";

export type OrderIdFactory = () => string;

export function orderIdFactory(clock: Clock): OrderIdFactory {
  const next = monotonicFactory();
  return () => next(clock.now());
}

/** A fresh capability key for an order link (256 bits, URL-safe). */
export function newCapabilityKey(): string {
  return randomBytes(32).toString("base64url");
}

export function capabilityHash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
