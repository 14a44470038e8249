// An embedded Kv in a fresh temporary folder, for unit tests that need real KV semantics
// (INCR with TTL) without Redis. `now` drives its TTLs, so a fake clock controls expiry.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import type { Kv } from "@/lib/kv/kv";

export interface TempKv {
  kv: Kv;
  remove(): Promise<void>;
}

export function openTempKv(now: () => number = () => Date.now()): TempKv {
  const dir = mkdtempSync(join(tmpdir(), "temp-kv-"));
  const kv = createEmbeddedKv({ dir, now });
  return {
    kv,
    async remove() {
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
