import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { createPartnerClient } from "@/lib/partner/client";
import { createSandbox, type Sandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { checkPlayerWith } from "./check-player";
import type { CatalogDeps } from "./load-catalog";
import { settingsRules } from "@/tests/support/pricing-rules";

describe("player check", () => {
  let dir: string;
  let kv: Kv;
  let sandbox: Sandbox;
  let down = false;
  let deps: CatalogDeps;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "player-check-"));
    kv = await createKv({ driver: "embedded", dir });
    sandbox = createSandbox({ fixture: await loadFixture() });
    const client = createPartnerClient({
      baseUrl: "http://upstream.test",
      login: "demo",
      apiKey: "demo-key",
      retries: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (down && new URL(request.url).pathname === "/api/account_check") {
          return Response.json({ success: false, error: 503, error_text: "temporarily unavailable" }, { status: 503 });
        }
        return sandbox.handle(request);
      },
    });
    deps = { client, kv, clock: { now: () => Date.now() }, ttlMs: 300_000, upstream: "test-upstream", policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }) };
  });

  afterAll(async () => {
    sandbox.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = (productId: number, account: string) => checkPlayerWith(deps, { productId, account, test: false });

  it("finds a player and gives name and region", async () => {
    expect(await check(426, "12345678|1234")).toEqual({ status: "found", playerName: "MythicRover", region: "Southeast Asia" });
  });

  it("says clearly when no player has the account", async () => {
    expect(await check(432, "999999999")).toMatchObject({ status: "not_found" });
  });

  it("points to the product of the player's region", async () => {
    expect(await check(426, "87654321|4321")).toEqual({
      status: "wrong_region",
      message: expect.stringContaining("another region"),
      recommended: { id: 92837, name: "Mythic Realms Diamonds (Russia)", slug: "mythic-realms-diamonds-russia" },
    });
  });

  it("lets the buyer continue when the check is switched off or upstream is down", async () => {
    expect(await check(461, "anything")).toMatchObject({ status: "unavailable" });
    down = true;
    expect(await check(426, "12345678|1234")).toMatchObject({ status: "unavailable" });
    down = false;
  });
});
