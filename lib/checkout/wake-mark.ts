// A wake-up written down in KV, for the run that holds the order's lease to find when it lets
// go (advance.ts). It says why the order was woken, so that a run can tell a wake-up that
// changes nothing from one that does:
//  • upstream: a notification named this status; nothing new if the order already holds it;
//  • payment: a payment event; nothing new for states whose step asks upstream only;
//  • any: look, whatever the state.
// Marks are never weakened: one written over another of a different reason becomes "any"
// (two of the same reason stay that reason). Each carries a nonce, and
// is taken by deleting exactly the value read, so a mark written meanwhile is never lost.
import { randomBytes } from "node:crypto";
import type { Kv } from "@/lib/kv/kv";
import { releaseLock } from "@/lib/kv/scripts";
import type { OrderRecord } from "./order-record";
import type { OrderState } from "./order-states";

export type WakeReason = { kind: "any" } | { kind: "upstream"; status: number } | { kind: "payment" };

/** States whose step reads upstream only: payment events tell them nothing. */
const UPSTREAM_ONLY: ReadonlySet<OrderState> = new Set(["authorized", "fulfilling", "completed"]);

const key = (orderId: string) => `checkout:wake:${orderId}`;

function encode(reason: WakeReason): string {
  const nonce = randomBytes(6).toString("base64url");
  return reason.kind === "upstream" ? `upstream:${reason.status}:${nonce}` : `${reason.kind}:${nonce}`;
}

function decode(value: string): WakeReason {
  const [kind, status] = value.split(":");
  if (kind === "payment") return { kind };
  if (kind === "upstream" && /^\d+$/.test(status ?? "")) return { kind, status: Number(status) };
  return { kind: "any" };
}

export function wakeMatters(reason: WakeReason, order: OrderRecord): boolean {
  switch (reason.kind) {
    case "any":
      return true;
    case "upstream":
      return order.upstream.status !== reason.status;
    case "payment":
      return !UPSTREAM_ONLY.has(order.state);
  }
}

function sameReason(a: WakeReason, b: WakeReason): boolean {
  return a.kind === b.kind && (a.kind !== "upstream" || (b.kind === "upstream" && a.status === b.status));
}

/** Two wake-ups as one: the same reason stays it, two different ones mean "look" (never weakened). */
export function mergeWakes(a: WakeReason | null, b: WakeReason | null): WakeReason | null {
  if (a === null || b === null) return a ?? b;
  return sameReason(a, b) ? a : { kind: "any" };
}

export async function markWake(kv: Kv, orderId: string, reason: WakeReason, ttlMs: number): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (await kv.setIfAbsent(key(orderId), encode(reason), { ttlMs })) return;
    const waiting = await kv.get(key(orderId));
    // Taken between the two calls: the run that took it reads the order after now; try again.
    if (waiting === null) continue;
    // The same reason is already waiting (a second payment event, say): one look covers both.
    if (sameReason(decode(waiting), reason)) return;
    break;
  }
  // Another reason is waiting: together they mean "look".
  await kv.set(key(orderId), encode({ kind: "any" }), { ttlMs });
}

/** Takes the waiting mark, if any; a mark written after the read stays for the next run. */
export async function takeWake(kv: Kv, orderId: string): Promise<WakeReason | null> {
  const value = await kv.get(key(orderId));
  if (value === null) return null;
  // Delete only the value read (the lock script's compare-and-delete).
  await kv.run(releaseLock, { keys: { lock: key(orderId) }, args: { token: value } });
  return decode(value);
}

export async function pendingWake(kv: Kv, orderId: string): Promise<WakeReason | null> {
  return wakeFrom(await kv.get(key(orderId)));
}

/** The KV key of an order's mark, for a lease's release that reads it in the same step (advance.ts). */
export const wakeMarkKey = key;

/** The reason a mark's value (as read under wakeMarkKey) gives, or null for no mark. */
export function wakeFrom(value: string | null): WakeReason | null {
  return value === null ? null : decode(value);
}
