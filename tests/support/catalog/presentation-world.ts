// A catalogue over the sandbox fixture and a fresh embedded KV, with a hook that rewrites
// upstream's answers (a service added, removed or repriced) and the presentation's settings,
// for the tests of lib/catalog/presentation.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import type { PresentationSettings } from "@/lib/catalog/presentation/presentation-settings";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { createPartnerClient } from "@/lib/partner/client";
import type { Service, Voucher } from "@/lib/partner/schemas";
import { createSandbox, type Sandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import type { Result } from "@/lib/result";
import { settingsRules } from "@/tests/support/pricing-rules";

export const TTL_MS = 300_000;

export interface PresentationWorld {
  deps: CatalogDeps;
  kv: Kv;
  /** Milliseconds since epoch of the world's clock; move it past TTL_MS to re-read upstream. */
  now: number;
  /** Rewrites upstream's games list before the shop reads it. */
  games: (services: Service[]) => Service[];
  /** Rewrites one service's vouchers before the shop reads them. */
  vouchers: (gameId: number, vouchers: Voucher[]) => Voucher[];
  settings(settings: Partial<PresentationSettings>): void;
  close(): Promise<void>;
}

export async function openPresentationWorld(settings: Partial<PresentationSettings> = {}): Promise<PresentationWorld> {
  const dir = mkdtempSync(join(tmpdir(), "presentation-"));
  const kv = await createKv({ driver: "embedded", dir });
  const sandbox: Sandbox = createSandbox({ fixture: await loadFixture() });
  const fetchUpstream = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = await sandbox.handle(request);
    if (url.pathname === "/api/gameslist" && answer.ok) {
      const body = (await answer.json()) as { available_games: Service[] };
      return Response.json({ ...body, available_games: world.games(body.available_games) });
    }
    if (url.pathname === "/api/voucher_available" && answer.ok) {
      const body = (await answer.json()) as { available: Voucher[] };
      return Response.json({ ...body, available: world.vouchers(Number(url.searchParams.get("game_id")), body.available) });
    }
    return answer;
  };
  const client = createPartnerClient({ baseUrl: "http://upstream.test", login: "demo", apiKey: "demo-key", fetch: fetchUpstream, retries: 0 });
  const presentation: PresentationSettings = { newServices: "visible", featuredSeed: [], imageHosts: ["cdn.shop.test"], ...settings };
  const world: PresentationWorld = {
    now: Date.UTC(2026, 10, 22, 12),
    kv,
    games: (services) => services,
    vouchers: (_, vouchers) => vouchers,
    deps: undefined as unknown as CatalogDeps,
    settings(next) {
      Object.assign(presentation, next);
    },
    async close() {
      sandbox.close();
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  world.deps = {
    client,
    kv,
    clock: { now: () => world.now },
    ttlMs: TTL_MS,
    upstream: "presentation-test",
    policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }),
    presentation,
  };
  return world;
}

/** The value of a result that must have succeeded. */
export async function must<T>(read: Promise<Result<T, unknown>>): Promise<T> {
  const result = await read;
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** What the admin form sends when the owner changes only `changes`. */
export function formInput(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: { en: "", zh: "" },
    summary: { en: "", zh: "" },
    description: { en: "", zh: "" },
    image: "",
    featured: false,
    hidden: false,
    sortOrder: null,
    topUp: null,
    hiddenVouchers: [],
    ...changes,
  };
}

export const OWNER = { email: "owner@shop.test", ip: "203.0.113.7" };
