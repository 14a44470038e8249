import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { err, ok, type Result } from "@/lib/result";
import { catalogOutage, catalogUnavailableResponse } from "./catalog-outage";
import { CATALOG_UNAVAILABLE_DIGEST, CatalogUnavailableError } from "./catalog-unavailable-error";
import { readThrough } from "./stale-while-revalidate";
import { CATALOG_KEYS } from "./upstream-cache";

const UP = "test-upstream";

describe("catalogue outage", () => {
  let dir: string;
  let kv: Kv;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "outage-"));
    kv = await createKv({ driver: "embedded", dir });
  });
  afterEach(async () => {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const readGamesList = (load: () => Promise<Result<string[], string>>) =>
    readThrough({ kv, key: CATALOG_KEYS.gamesList(UP), schema: z.array(z.string()), ttlMs: 60_000, lockTtlMs: 60_000, clock: Date, load });

  it("is reported after a failed first load with no copy, and not once a copy exists", async () => {
    expect(await catalogOutage(kv, UP)).toBe(false);
    expect(await readGamesList(async () => err("503"))).toMatchObject({ ok: false });
    expect(await catalogOutage(kv, UP)).toBe(true);
    await kv.del(`${CATALOG_KEYS.gamesList(UP)}:failed`);
    expect(await readGamesList(async () => ok(["game"]))).toMatchObject({ ok: true });
    expect(await catalogOutage(kv, UP)).toBe(false);
  });

  it("is not claimed when KV itself fails (the page then asks upstream)", async () => {
    const broken: Kv = { ...kv, get: () => Promise.reject(new KvError("unavailable", "down")) };
    expect(await catalogOutage(broken, UP)).toBe(false);
  });

  it("answers 503 with a page that says so and is never stored", async () => {
    const response = catalogUnavailableResponse();
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBe("30");
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("Catalogue temporarily unavailable");
  });

  it("is thrown by pages with a digest the error page recognises", () => {
    const error = new CatalogUnavailableError({ code: "catalog_unavailable", reason: "503" });
    expect(error.digest).toBe(CATALOG_UNAVAILABLE_DIGEST);
    expect(error.message).toContain("Catalogue temporarily unavailable");
  });
});
