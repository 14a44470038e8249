import { afterEach, describe, expect, it, vi } from "vitest";

// Loading the sandbox in a live shop fails the test: live mode must never reach it.
vi.mock("./embedded-sandbox", () => {
  throw new Error("lib/shop/embedded-sandbox was loaded");
});

const liveEnv = {
  SHOP_MODE: "live",
  PARTNER_API_URL: "https://partner.example/api",
  PARTNER_LOGIN: "shop",
  PARTNER_API_KEY: "key",
  STRIPE_SECRET_KEY: "sk_test_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
  SHOP_URL: "http://127.0.0.1:3000",
  CHECKOUT_CODE_KEY: "abababababababababababababababababababababababababababababababab",
};

describe("resolveUpstream", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("in live mode uses the configured upstream without importing the sandbox", async () => {
    for (const [name, value] of Object.entries(liveEnv)) vi.stubEnv(name, value);
    const { resolveUpstream } = await import("./partner-client");
    await expect(resolveUpstream()).resolves.toMatchObject({ baseUrl: "https://partner.example/api", login: "shop", embedded: false });
  });

  it("in demo mode does import the sandbox (so the mock above is what guards live mode)", async () => {
    for (const name of Object.keys(liveEnv)) vi.stubEnv(name, "");
    vi.stubEnv("VERCEL", "");
    const { resolveUpstream } = await import("./partner-client");
    await expect(resolveUpstream()).rejects.toThrow(/error when mocking a module/);
  });
});

describe("createStorefrontClient", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A live shop's client whose upstream answers every request with `answer`; counts the requests. */
  async function liveClient(settings: Record<string, string>, answer: (signal: AbortSignal) => Promise<Response>) {
    for (const [name, value] of Object.entries({ ...liveEnv, ...settings })) vi.stubEnv(name, value);
    const sent: string[] = [];
    vi.stubGlobal("fetch", (input: string | URL | Request, init?: RequestInit) => {
      sent.push(String(input));
      return answer(init?.signal ?? new AbortController().signal);
    });
    const { createStorefrontClient } = await import("./partner-client");
    return { client: await createStorefrontClient(), sent };
  }

  it("retries as often as PARTNER_RETRIES says", async () => {
    const busy = () => Promise.resolve(new Response("busy", { status: 503 }));
    for (const [retries, attempts] of [["0", 1], ["1", 2]] as const) {
      const { client, sent } = await liveClient({ PARTNER_RETRIES: retries }, busy);
      await expect(client.balance()).resolves.toMatchObject({ ok: false, error: { status: 503 } });
      expect(sent).toHaveLength(attempts);
      vi.resetModules();
    }
  });

  it("gives up on an attempt after PARTNER_TIMEOUT_SECONDS, not the default 15 s", async () => {
    const silent = (signal: AbortSignal) =>
      new Promise<Response>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
    const { client, sent } = await liveClient({ PARTNER_TIMEOUT_SECONDS: "1", PARTNER_RETRIES: "0" }, silent);
    const started = Date.now();
    await expect(client.balance()).resolves.toMatchObject({ ok: false, error: { code: "timeout" } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sent).toHaveLength(1);
  });
});
