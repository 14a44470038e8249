// Stripe's list endpoints over the sandbox's objects: a sorted set per kind, written when an
// object is created, read newest first with Stripe's `created` ranges and cursor paging. The
// score is minus the creation second, so the set's natural order (lowest score first, ties by
// id) is Stripe's: newest first, and a stable order among objects of the same second.
// Charges and refunds are also listed under their payment intent, so that a list filtered by
// one (the shop's read after every payment) walks that intent's few objects, not every one the
// store has ever held.
import { err, ok, type Result } from "@/lib/result";
import type { SandboxContext } from "../context";
import { resourceMissing, type StripeError } from "../stripe-error";
import type { ListParams } from "../http/param-schemas";
import type { Kinds } from "../store";
import { writeListedScript } from "./write-listed";

export type ListedKind = "pi" | "re" | "ch" | "cs" | "evt" | "prv" | "dp" | "issfr";

const OBJECT_NAME: Record<ListedKind, string> = {
  pi: "payment_intent",
  re: "refund",
  ch: "charge",
  cs: "checkout.session",
  evt: "event",
  prv: "review",
  dp: "dispute",
  issfr: "radar.early_fraud_warning",
};

/** Stripe's list envelope. */
export interface StripeList<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

/** The sorted set that lists `kind`, or its objects under one payment intent. */
export function listKey(context: SandboxContext, kind: ListedKind, paymentIntent?: string): string {
  return paymentIntent === undefined ? context.store.key("list", kind) : context.store.key("list", kind, paymentIntent);
}

/**
 * Called once, where an object of `kind` comes into being: stores it and lists it, with its
 * payment intent also under that intent, in one KV write.
 */
export async function storeCreated<K extends ListedKind>(
  context: SandboxContext,
  kind: K,
  id: string,
  value: Kinds[K],
  createdSeconds: number,
  paymentIntent?: string,
): Promise<void> {
  await writeListed(context, { object: context.store.key(kind, id), json: JSON.stringify(value), kind, id, createdSeconds, paymentIntent });
}

/**
 * Writes `object` and lists `id` of `kind` (under `paymentIntent` too, when given) in one KV
 * write; `alias` also records a key pointing at another object (a charge's intent).
 */
export async function writeListed(
  context: SandboxContext,
  entry: { object: string; json: string; kind: ListedKind; id: string; createdSeconds: number; paymentIntent?: string; alias?: { key: string; to: string } },
): Promise<void> {
  const list = listKey(context, entry.kind);
  await context.store.kv.run(writeListedScript, {
    keys: {
      object: entry.object,
      list,
      // A script names every key it may touch; one this call leaves alone repeats a key it writes.
      intentList: entry.paymentIntent === undefined ? list : listKey(context, entry.kind, entry.paymentIntent),
      alias: entry.alias?.key ?? entry.object,
    },
    args: { json: entry.json, member: entry.id, score: -entry.createdSeconds, underIntent: entry.paymentIntent === undefined ? "0" : "1", aliasTo: entry.alias?.to ?? "" },
  });
}

export interface ListSource<T> {
  kind: ListedKind;
  url: string;
  /** The listed object, or null if it is gone. */
  load(id: string): Promise<T | null>;
  created(object: T): number;
  /** A filter parameter such as `payment_intent`; objects it refuses are skipped. */
  keep?(object: T): boolean;
  /** Walk only the objects listed under this payment intent (storeCreated with one). */
  paymentIntent?: string;
}

/** Entries read per KV call while walking the index. */
const CHUNK = 200;

export async function listObjects<T>(context: SandboxContext, source: ListSource<T>, params: ListParams): Promise<Result<StripeList<T>, StripeError>> {
  const bounds = scoreBounds(params.created);
  const limit = params.limit ?? 10;
  const cursorId = params.starting_after ?? params.ending_before;
  let cursor: { score: number; id: string } | null = null;
  if (cursorId !== undefined) {
    const object = await source.load(cursorId);
    if (!object) return err(resourceMissing(OBJECT_NAME[source.kind], cursorId, params.starting_after !== undefined ? "starting_after" : "ending_before"));
    cursor = { score: -source.created(object), id: cursorId };
  }
  const key = listKey(context, source.kind, source.paymentIntent);
  const accept = async (id: string): Promise<T | null> => {
    const object = await source.load(id);
    return object && (source.keep?.(object) ?? true) ? object : null;
  };

  if (params.ending_before !== undefined && cursor) {
    // The page just before the cursor (newer objects), still answered newest first.
    const before = cursor;
    const entries = await context.store.kv.zRangeByScore(key, { min: bounds.min, max: bounds.max === undefined ? before.score : Math.min(bounds.max, before.score) });
    const newer = entries.filter((e) => e.score < before.score || (e.score === before.score && e.member < before.id));
    const kept: T[] = [];
    for (let i = newer.length - 1; i >= 0 && kept.length <= limit; i -= 1) {
      const object = await accept(newer[i]?.member ?? "");
      if (object) kept.unshift(object);
    }
    const hasMore = kept.length > limit;
    return ok({ object: "list", data: hasMore ? kept.slice(1) : kept, has_more: hasMore, url: source.url });
  }

  const after = cursor;
  const min = after ? Math.max(bounds.min ?? -Infinity, after.score) : bounds.min;
  const data: T[] = [];
  let hasMore = false;
  for (let offset = 0; ; offset += CHUNK) {
    const entries = await context.store.kv.zRangeByScore(key, { min: finite(min), max: bounds.max, offset, limit: CHUNK });
    for (const entry of entries) {
      if (after && entry.score === after.score && entry.member <= after.id) continue;
      const object = await accept(entry.member);
      if (!object) continue;
      if (data.length === limit) {
        hasMore = true;
        break;
      }
      data.push(object);
    }
    if (hasMore || entries.length < CHUNK) break;
  }
  return ok({ object: "list", data, has_more: hasMore, url: source.url });
}

function finite(value: number | undefined): number | undefined {
  return value === undefined || !Number.isFinite(value) ? undefined : value;
}

/** `created` in seconds (exact, or gt/gte/lt/lte) as bounds on the score, which is minus it. */
function scoreBounds(created: ListParams["created"]): { min?: number; max?: number } {
  if (created === undefined) return {};
  if (typeof created === "number") return { min: -created, max: -created };
  const bounds: { min?: number; max?: number } = {};
  const tighten = (side: "min" | "max", value: number) => {
    const current = bounds[side];
    bounds[side] = current === undefined ? value : side === "min" ? Math.max(current, value) : Math.min(current, value);
  };
  if (created.gte !== undefined) tighten("max", -created.gte);
  if (created.gt !== undefined) tighten("max", -(created.gt + 1));
  if (created.lte !== undefined) tighten("min", -created.lte);
  if (created.lt !== undefined) tighten("min", -(created.lt - 1));
  return bounds;
}
