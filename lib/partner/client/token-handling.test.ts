import { describe, expect, it } from "vitest";
import { createPartnerClient } from "./create-partner-client";
import { json, sqlTime } from "@/tests/support/partner-client/fake-service";
import { balanceBody } from "@/tests/support/partner-client/sample-bodies";
import { BASE_URL, setupClient } from "@/tests/support/partner-client/setup-client";
import { createMemoryTokenStore } from "./token-store";

describe("token handling", () => {
  it("logs in lazily, on the first call, and sends the token as a bearer", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/balance", () => json(200, balanceBody));
    expect(service.calls).toHaveLength(0);

    const result = await client.balance();

    expect(result).toEqual({ ok: true, value: balanceBody });
    const [login, balance] = service.calls;
    expect(login?.method).toBe("POST");
    expect(login?.url.pathname).toBe("/api/auth/login");
    expect(login?.body).toEqual({ login: "demo", api_key: "demo-key" });
    expect(login?.headers.get("authorization")).toBeNull();
    expect(balance?.headers.get("authorization")).toBe("Bearer token-1");
  });

  it("caches the token across calls", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/balance", () => json(200, balanceBody));
    for (let i = 0; i < 3; i += 1) expect((await client.balance()).ok).toBe(true);
    expect(service.logins).toBe(1);
    expect(service.callsTo("GET /api/balance").map((c) => c.headers.get("authorization"))).toEqual([
      "Bearer token-1",
      "Bearer token-1",
      "Bearer token-1",
    ]);
  });

  it("logs in again refreshMarginMs before expires_at, not earlier", async () => {
    const { service, client, timers } = setupClient({ refreshMarginMs: 60_000 });
    service.on("GET /api/balance", () => json(200, balanceBody));
    await client.balance();

    await timers.advance(3_600_000 - 60_001);
    await client.balance();
    expect(service.logins).toBe(1);

    await timers.advance(2);
    await client.balance();
    expect(service.logins).toBe(2);
    expect(service.callsTo("GET /api/balance").at(-1)?.headers.get("authorization")).toBe("Bearer token-2");
  });

  it("reads expires_at as UTC and falls back to expires_in when it is unparsable", async () => {
    const { service, client, timers } = setupClient({ refreshMarginMs: 0 });
    service.on("POST /api/auth/login", () => json(200, { token: "short", expires_in: 120, expires_at: "soon" }));
    service.on("GET /api/balance", () => json(200, balanceBody));
    await client.balance();
    await timers.advance(119_000);
    await client.balance();
    expect(service.logins).toBe(1);
    await timers.advance(1_000);
    await client.balance();
    expect(service.logins).toBe(2);
  });

  it("prefers expires_at over expires_in when both are usable", async () => {
    const { service, client, timers } = setupClient({ refreshMarginMs: 0 });
    service.on("POST /api/auth/login", () =>
      json(200, { token: "t", expires_in: 3600, expires_at: sqlTime(timers.now() + 600_000) }),
    );
    service.on("GET /api/balance", () => json(200, balanceBody));
    await client.balance();
    await timers.advance(600_000);
    await client.balance();
    expect(service.logins).toBe(2);
  });

  it("sends one login however many calls wait for a token", async () => {
    const { service, client } = setupClient();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    service.on("POST /api/auth/login", async () => {
      await gate;
      return json(200, { token: "shared", expires_in: 3600, expires_at: "2099-01-01 00:00:00" });
    });
    service.on("GET /api/balance", () => json(200, balanceBody));

    const pending = Array.from({ length: 20 }, () => client.balance());
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const results = await Promise.all(pending);

    expect(results.every((r) => r.ok)).toBe(true);
    expect(service.logins).toBe(1);
    expect(new Set(service.callsTo("GET /api/balance").map((c) => c.headers.get("authorization")))).toEqual(
      new Set(["Bearer shared"]),
    );
  });

  it("answers a 401 with exactly one new login and one retry", async () => {
    const { service, client } = setupClient();
    service.on(
      "GET /api/balance",
      () => json(401, { success: false, error: 401, error_text: "token expired" }),
      () => json(200, balanceBody),
    );
    const result = await client.balance();
    expect(result.ok).toBe(true);
    expect(service.logins).toBe(2);
    expect(service.callsTo("GET /api/balance").map((c) => c.headers.get("authorization"))).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("returns a second 401 as an error instead of looping", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/balance", () => json(401, { success: false, error: 401, error_text: "nope" }));
    const result = await client.balance();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(401);
    expect(result.error.text).toBe("nope");
    expect(service.logins).toBe(2);
    expect(service.callsTo("GET /api/balance")).toHaveLength(2);
  });

  it("re-logs in after a 401 even for a call that is never retried otherwise", async () => {
    const { service, client } = setupClient();
    service.on(
      "POST /api/revise",
      () => json(401, { success: false, error: 401, error_text: "token expired" }),
      () => json(503, { success: false, error: 503, error_text: "busy" }),
    );
    const result = await client.revise({ date_from: "2026-01-01", date_to: "2026-01-02", payments: [] });
    expect(result.ok ? null : result.error.code).toBe(503);
    expect(service.callsTo("POST /api/revise")).toHaveLength(2);
  });

  it("returns wrong credentials as a 401 error without retrying the login", async () => {
    const { service, client } = setupClient();
    service.on("POST /api/auth/login", () => json(401, { success: false, error: 401, error_text: "invalid api_key" }));
    const result = await client.gamesList();
    expect(result.ok ? null : [result.error.code, result.error.endpoint]).toEqual([401, "POST /api/auth/login"]);
    expect(service.logins).toBe(1);
    expect(service.callsTo("GET /api/gameslist")).toHaveLength(0);
  });

  it("login() logs in now and stores the token for later calls", async () => {
    const store = createMemoryTokenStore();
    const { service, client } = setupClient({ tokenStore: store });
    const result = await client.login();
    expect(result.ok && result.value.token).toBe("token-1");
    expect((await store.get())?.token).toBe("token-1");
    service.on("GET /api/balance", () => json(200, balanceBody));
    await client.balance();
    expect(service.logins).toBe(1);
  });

  it("uses a token another client left in a shared store", async () => {
    const store = createMemoryTokenStore();
    const first = setupClient({ tokenStore: store });
    await first.client.login();
    const { service, timers } = setupClient();
    const second = createPartnerClient({
      baseUrl: BASE_URL,
      login: "demo",
      apiKey: "demo-key",
      fetch: service.fetch,
      clock: timers,
      scheduler: timers,
      tokenStore: store,
    });
    service.on("GET /api/balance", () => json(200, balanceBody));
    await second.balance();
    expect(service.logins).toBe(0);
    expect(service.callsTo("GET /api/balance")[0]?.headers.get("authorization")).toBe("Bearer token-1");
  });

  it("reads a shared store once while its token is fresh, not once per call (a KV round trip each), and again after a 401", async () => {
    const shared = createMemoryTokenStore();
    await setupClient({ tokenStore: shared }).client.login();
    let reads = 0;
    const store = { ...shared, get: () => ((reads += 1), shared.get()) };
    const { service, client } = setupClient({ tokenStore: store });
    service.on("GET /api/balance", () => json(200, balanceBody));
    for (let i = 0; i < 3; i += 1) expect((await client.balance()).ok).toBe(true);
    expect(reads).toBe(1);
    expect(service.logins).toBe(0);

    // Rejected: the store is read again for a token other than the one upstream refused.
    service.on(
      "GET /api/balance",
      () => json(401, { success: false, error: 401, error_text: "token expired" }),
      () => json(200, balanceBody),
    );
    expect((await client.balance()).ok).toBe(true);
    expect(reads).toBe(2); // once more, for a token other than the refused one
    expect(service.logins).toBe(1);
    expect(await shared.get()).not.toBeNull();
  });
});
