// One decided write to an order, retried on a compare-and-set conflict: `decide` looks at the
// order as it is now and answers a change, nothing (already done), or a refusal. A conflict
// means someone else (a run of `advance`, a second click) moved it first: decide again.
import { err, ok, type Result } from "@/lib/result";
import type { OrderRecord } from "../order-record";
import type { OrderChange, OrderStore } from "../store/order-store";
import type { OwnerActionError, OwnerActionOutcome } from "./owner-action-deps";

export type Decision = { change: OrderChange } | { nothing: true };

/** Far more than two clicks and the checkout's own runs can conflict in a row. */
const MAX_TRIES = 10;

export async function changeOrder(
  store: OrderStore,
  orderId: string,
  decide: (order: OrderRecord) => Result<Decision, OwnerActionError>,
): Promise<Result<{ before: OrderRecord; after: OrderRecord; wrote: boolean }, OwnerActionError>> {
  for (let i = 0; i < MAX_TRIES; i += 1) {
    const read = await readOrder(store, orderId);
    if (!read.ok) return read;
    const before = read.value.record;
    const decision = decide(before);
    if (!decision.ok) return decision;
    if ("nothing" in decision.value) return ok({ before, after: before, wrote: false });
    const saved = await store.save(read.value, decision.value.change);
    if (saved.ok) return ok({ before, after: saved.value.record, wrote: true });
    if (saved.error.code !== "conflict") return err(storeProblem(saved.error.code));
  }
  return err({ code: "unavailable", message: "the order kept changing under this action; try again" });
}

export async function readOrder(store: OrderStore, orderId: string) {
  const read = await store.read(orderId);
  if (read.ok) return read;
  return err(read.error.code === "not_found" ? { code: "not_found" as const, message: `no order ${orderId}` } : storeProblem(read.error.code));
}

function storeProblem(code: string): OwnerActionError {
  return { code: "unavailable", message: `the order store did not answer (${code}); nothing was changed, try again` };
}

/** The answer to a second submit of a request another submit has handled or is handling. */
export async function repeatOf(deps: { store: OrderStore }, orderId: string): Promise<Result<OwnerActionOutcome, OwnerActionError>> {
  const read = await readOrder(deps.store, orderId);
  return read.ok ? ok({ state: read.value.record.state, repeat: true, audited: true }) : read;
}
