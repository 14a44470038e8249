// Next's `cacheHandler` (next.config.mjs): the incremental cache behind ISR pages and
// unstable_cache, kept in the shop's KV instead of each instance's memory and disk, so a tag
// invalidated on one instance is a miss on all of them at once (docs/architecture-decisions.md, 75).
//
// Next loads this module on its own, outside the app's bundle, and makes a handler per request:
// it opens its own KV client once per process from the same settings as the shop's (driver,
// KV_PREFIX), since the app's instance lives in the bundle where this module cannot see it.
// `next build` keeps nothing: its store need not be the one the shop will run on, and the shop's
// pages are rendered on first request anyway (no params are known at build).
//
// Every entry is kept under the fingerprint of the upstream this process serves: a page's URL
// no longer names it (Next's router sends page views to /…/by-upstream/this by itself), and one
// build started against different upstreams, or several shops on one store, must never serve
// one upstream's catalogue for another (docs/architecture-decisions.md 238).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CacheHandler, CacheHandlerContext, CacheHandlerValue } from "next/dist/server/lib/incremental-cache";
import { catalogOutage } from "@/lib/catalog/catalog-outage";
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { describeKvDriver, resolveKvDriver } from "@/lib/kv/resolve-driver";
import { createEntryMemo } from "./entry-memo";
import { createNextCacheStore, type NextCacheStore } from "./kv-cache-store";
import { withLanguageVary } from "./language-vary";
import { isCatalogPageKey, outagePageEntry } from "./outage-page";

type GetContext = Parameters<CacheHandler["get"]>[1];
type SetValue = Parameters<CacheHandler["set"]>[1];
type SetContext = Parameters<CacheHandler["set"]>[2];

/** Where Next writes the tags a page or route response depends on (its own and its data's). */
const TAGS_HEADER = "x-next-cache-tags";

/**
 * The decoded entries a process keeps (entry-memo.ts). A page's entry holds about 120 kB
 * (its stored text and its inflated value, docs/architecture-decisions.md 272), so 32 MiB keeps
 * every page of a shop of some 130 products in two languages, the data entries beside them,
 * and on a larger shop the pages read last: a few percent of a server's heap. The count bounds
 * the small data entries (one per product and language, 255).
 */
const MEMO = { maxEntries: 1_000, maxBytes: 32 * 1024 * 1024 };

let processKv: Promise<Kv> | undefined;
const stores = new Map<string, Promise<NextCacheStore>>();

export default class KvCacheHandler implements CacheHandler {
  private readonly store: Promise<NextCacheStore> | null;

  constructor(ctx: CacheHandlerContext) {
    this.store = process.env.NEXT_PHASE === "phase-production-build" ? null : storeFor(ctx.serverDistDir);
  }

  async get(key: string, ctx: GetContext): Promise<CacheHandlerValue | null> {
    if (!this.store) return null;
    // Data lookups name their tags here (a page's as soft tags); a page's own are in the entry.
    const requestTags = "tags" in ctx ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : [];
    try {
      const entry = await (await this.store).get(key, requestTags);
      if (!entry) return (await this.catalogOut(ctx.kind, key)) ? outagePageEntry(Date.now()) : null;
      const { lastModified, value, cacheControl } = entry;
      // An English catalogue page names the language's keys in its Vary (language-vary.ts).
      return withLanguageVary(ctx.kind, key, {
        lastModified,
        value: value as CacheHandlerValue["value"],
        // The entry's own lifetime, so an instance that did not render it serves it as long.
        cacheControl: cacheControl && { revalidate: cacheControl.revalidate, expire: cacheControl.expire },
      });
    } catch (error) {
      // As Next's own file cache does with a file it cannot read: a miss, so the page is
      // rendered, and a store that is down shows as the shop's own error for it.
      console.error(`[next-cache] cannot read ${key}: ${String(error)}`);
      return null;
    }
  }

  /** A catalogue page the cache does not hold, while its render could only fail: the 503 page instead (outage-page.ts). */
  private async catalogOut(kind: string, key: string): Promise<boolean> {
    return isCatalogPageKey(kind, key) && catalogOutage(await kvOfProcess(), currentUpstream());
  }

  async set(key: string, value: SetValue, ctx: SetContext): Promise<void> {
    if (!this.store) return;
    const fetchCache = "fetchCache" in ctx && ctx.fetchCache === true;
    await (
      await this.store
    ).set(key, {
      value,
      tags: fetchCache ? (ctx.tags ?? []) : responseTags(value),
      cacheControl: !fetchCache && "cacheControl" in ctx ? ctx.cacheControl : undefined,
    });
  }

  async revalidateTag(tags: string | string[]): Promise<void> {
    // Whatever the profile asked for (expire 0, "max", a number of seconds), entries written
    // before now are misses: never serving an invalidated page beats serving it once more.
    if (!this.store) return;
    await (await this.store).invalidate(typeof tags === "string" ? [tags] : tags);
  }

  resetRequestCache(): void {
    // Nothing is kept per request.
  }
}

function storeFor(serverDistDir: string | undefined): Promise<NextCacheStore> {
  const dir = serverDistDir ?? "";
  let store = stores.get(dir);
  if (!store) {
    store = (async () =>
      createNextCacheStore({ kv: await kvOfProcess(), buildId: buildIdOf(dir), upstream: currentUpstream(), decode: createEntryMemo(MEMO).decode }))();
    store.catch(() => stores.delete(dir));
    stores.set(dir, store);
  }
  return store;
}

function kvOfProcess(): Promise<Kv> {
  processKv ??= (async () => {
    const config = resolveKvDriver(env(), { VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME });
    const kv = await createKv(config);
    console.info(`[next-cache] pages and data cached in KV: ${describeKvDriver(config)}`);
    return kv;
  })().catch((error: unknown) => {
    // Not kept: the next request tries again and reports it again.
    processKv = undefined;
    throw error;
  });
  return processKv;
}

/** next build writes the build's id beside its server folder; `next dev` has none. */
function buildIdOf(serverDistDir: string): string {
  try {
    return readFileSync(join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
  } catch {
    return "development";
  }
}

function responseTags(value: SetValue): string[] {
  if (!value || !("headers" in value) || !value.headers) return [];
  const header = value.headers[TAGS_HEADER];
  return typeof header === "string" ? header.split(",").filter(Boolean) : [];
}
