// The catalogue outage check on the process's KV, for the request proxy (lib/catalog/catalog-outage.ts
// says why the 503 comes from there).
import { catalogOutage } from "@/lib/catalog/catalog-outage";
import { getKv } from "@/lib/kv/get-kv";

/** How long one process trusts its last look: page views then cost no KV read at all. */
const CHECK_EVERY_MS = 2_000;
let lastCheck: { upstream: string; at: number; outage: boolean } | null = null;

/** catalogOutage on the process's KV, looked up at most once every couple of seconds. */
export async function catalogOutageNow(upstream: string, now = Date.now()): Promise<boolean> {
  if (lastCheck && lastCheck.upstream === upstream && now - lastCheck.at < CHECK_EVERY_MS) return lastCheck.outage;
  let outage = false;
  try {
    outage = await catalogOutage(await getKv(), upstream);
  } catch (error) {
    // No KV at all (a bad driver setting is stopped at start): let the page answer for itself.
    console.warn(`[catalog] outage check failed: ${String(error)}`);
  }
  lastCheck = { upstream, at: now, outage };
  return outage;
}
