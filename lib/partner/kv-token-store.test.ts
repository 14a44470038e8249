import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { systemClock } from "@/lib/time/clock";
import { createPartnerClient, DEFAULT_TIMEOUT_MS } from "./client";
import { DEFAULT_RETRIES, MAX_RETRY_AFTER_MS } from "./client/retry-policy";
import { createKvTokenStore } from "./kv-token-store";

describe("KV token store", () => {
  let dir: string;
  let kv: Kv;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "kv-token-"));
    kv = await createKv({ driver: "embedded", dir });
  });

  afterEach(async () => {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lets ten instances starting at once log in exactly once between them", async () => {
    const sandbox = createSandbox({ fixture: await loadFixture() });
    let logins = 0;
    const upstream = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === "/api/auth/login") logins += 1;
      return sandbox.handle(request);
    };
    // Each instance has its own client (its own in-process single flight); only KV is shared.
    const instances = Array.from({ length: 10 }, () =>
      createPartnerClient({
        baseUrl: "http://sandbox.test",
        login: "demo",
        apiKey: "demo-key",
        fetch: upstream,
        tokenStore: createKvTokenStore({ kv, key: "partner:token", clock: systemClock }),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20))),
      }),
    );

    const answers = await Promise.all(instances.map((client) => client.balance()));

    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(logins).toBe(1);
    // A later instance reuses the stored token too.
    const late = createPartnerClient({
      baseUrl: "http://sandbox.test",
      login: "demo",
      apiKey: "demo-key",
      fetch: upstream,
      tokenStore: createKvTokenStore({ kv, key: "partner:token", clock: systemClock }),
    });
    expect((await late.gamesList()).ok).toBe(true);
    expect(logins).toBe(1);
    sandbox.close();
  });

  it("round-trips, clears, and degrades to 'no token' when KV fails", async () => {
    const now = Date.now();
    const store = createKvTokenStore({ kv, key: "t", clock: { now: () => now } });
    await store.set({ token: "abc", expiresAt: now + 60_000 });
    expect(await store.get()).toEqual({ token: "abc", expiresAt: now + 60_000 });
    await store.clear();
    expect(await store.get()).toBeNull();

    const broken = new Proxy(kv, {
      get: (target, name) => (name === "close" ? target.close.bind(target) : () => Promise.reject(new Error("connection refused"))),
    });
    const degraded = createKvTokenStore({ kv: broken, key: "t", clock: { now: () => now } });
    expect(await degraded.get()).toBeNull();
    await expect(degraded.set({ token: "x", expiresAt: now + 1 })).resolves.toBeUndefined();
    // Without the shared lock the instance still logs in rather than failing the buyer.
    expect(await degraded.withLoginLock?.(async () => "logged in")).toEqual({ ran: true, value: "logged in" });
  });

  it("holds the login lock longer than a login with every retry timing out", async () => {
    const ttls: (number | undefined)[] = [];
    const watched: Kv = {
      ...kv,
      setIfAbsent: (key, value, options) => (ttls.push(options?.ttlMs), kv.setIfAbsent(key, value, options)),
    };
    const store = createKvTokenStore({ kv: watched, key: "t", clock: systemClock });
    expect(await store.withLoginLock?.(async () => "ok")).toEqual({ ran: true, value: "ok" });
    const everyAttemptTimesOut = (DEFAULT_RETRIES + 1) * DEFAULT_TIMEOUT_MS + DEFAULT_RETRIES * MAX_RETRY_AFTER_MS;
    expect(ttls).toHaveLength(1);
    expect(ttls[0]).toBeGreaterThan(everyAttemptTimesOut);
  });
});
