import { afterEach, describe, expect, it, vi } from "vitest";

/** A complete live shop against a real upstream; each test changes what it is about. */
const LIVE_SHOP = {
  SHOP_MODE: "live",
  PARTNER_API_URL: "https://partner.example/api",
  PARTNER_LOGIN: "shop",
  PARTNER_API_KEY: "key",
  PARTNER_TEST_MODE: "",
  STRIPE_SECRET_KEY: "sk_live_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
  STRIPE_API_URL: "",
  SHOP_URL: "https://shop.example",
  CHECKOUT_CODE_KEY: "abababababababababababababababababababababababababababababababab",
  ADMIN_EMAIL: "owner@shop.example",
  ADMIN_PASSWORD_HASH: "scrypt:1024:8:1:SOMb8e1iV3THKUVCAIp4lw:o16pYm9hgBbfb8ORgJ3Ei_6h-1i0U68Fg4xtHqtvMio",
  // Random, as a live shop's must be: the start check refuses a value that reads like this comment.
  AUTH_SECRET: "bzgoMxOhKU7zFx3MYhd23uOUVnGzp2bZ8HUKWmwgnQ0=",
  TURNSTILE_SITE_KEY: "0x4AAAAAAAsite",
  TURNSTILE_SECRET_KEY: "0x4AAAAAAAsecret",
  BOT_CHECK: "",
  // The test runner's own host must not make this a serverless start.
  VERCEL: "",
  AWS_LAMBDA_FUNCTION_NAME: "",
};

/** Runs the start check on a fresh copy of the configuration modules; answers what it printed and whether it exited. */
async function startWith(changes: Record<string, string>) {
  for (const [name, value] of Object.entries({ ...LIVE_SHOP, ...changes })) vi.stubEnv(name, value);
  vi.resetModules();
  const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "info").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const { checkStartConfig } = await import("./start-check");
  checkStartConfig();
  return { exitCodes: exit.mock.calls.map(([code]) => code), printed: errors.mock.calls.map((call) => call.join(" ")).join("\n") };
}

describe("checkStartConfig", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("starts a live shop that takes live money for real codes", async () => {
    expect((await startWith({})).exitCodes).toEqual([]);
  });

  it("stops a standalone server told to listen on 127.0.0.1, naming the fix", async () => {
    const { exitCodes, printed } = await startWith({ __NEXT_PRIVATE_STANDALONE_CONFIG: "{}", HOSTNAME: "127.0.0.1" });
    expect(exitCodes).toEqual([1]);
    expect(printed).toContain("Start it with HOSTNAME=localhost");
  });

  it("stops a live shop without its bot check's keys, naming them", async () => {
    const { exitCodes, printed } = await startWith({ TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET_KEY: "" });
    expect(exitCodes).toEqual([1]);
    expect(printed).toContain("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY");
  });

  it("starts a live shop without a bot check when the owner says BOT_CHECK=off", async () => {
    expect((await startWith({ TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET_KEY: "", BOT_CHECK: "off" })).exitCodes).toEqual([]);
  });

  it("stops a live shop without its admin's owner and secret, naming each", async () => {
    const { exitCodes, printed } = await startWith({ ADMIN_EMAIL: "", ADMIN_PASSWORD_HASH: "", AUTH_SECRET: "" });
    expect(exitCodes).toEqual([1]);
    expect(printed).toContain("the admin (/admin) needs ADMIN_EMAIL, ADMIN_PASSWORD_HASH (npm run admin:hash prints one), AUTH_SECRET");
  });

  it.each([
    ["the repository's test value", "an-auth-secret-of-thirty-two-characters", "a published demo or test value"],
    ["one character repeated", "x".repeat(40), "too few different characters"],
    ["a password repeated", "Tr0ub4dor&3".repeat(4), "repeats itself"],
    ["a run of the keyboard", "abcdefghijklmnopqrstuvwxyz0123456789", "a run of neighbouring characters"],
  ])("stops a live shop whose AUTH_SECRET is %s, naming it", async (_name, secret, problem) => {
    const { exitCodes, printed } = await startWith({ AUTH_SECRET: secret });
    expect(exitCodes).toEqual([1]);
    expect(printed).toContain(`AUTH_SECRET: ${problem}`);
    expect(printed).toContain("openssl rand -base64 32");
  });

  it("starts a live shop whose AUTH_SECRET is 32 random bytes as hex", async () => {
    expect((await startWith({ AUTH_SECRET: "9f1c0e5b7a3d2e8f4b6a1c9d0e7f3a5b8c2d4e6f1a3b5c7d9e0f2a4b6c8d0e1f" })).exitCodes).toEqual([]);
  });

  it("starts a demo shop with no AUTH_SECRET: the demo keeps its own", async () => {
    const demo = { SHOP_MODE: "demo", PARTNER_API_URL: "", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", ADMIN_EMAIL: "", ADMIN_PASSWORD_HASH: "", AUTH_SECRET: "" };
    expect((await startWith(demo)).exitCodes).toEqual([]);
  });

  it("stops a shop with an owner's email but no password hash, in demo mode too", async () => {
    const { exitCodes, printed } = await startWith({ SHOP_MODE: "demo", PARTNER_API_URL: "", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", ADMIN_PASSWORD_HASH: "" });
    expect(exitCodes).toEqual([1]);
    expect(printed).toContain("ADMIN_PASSWORD_HASH");
    expect(printed).not.toContain("ADMIN_EMAIL,");
  });

  it("stops a live shop with a real upstream and a test key, naming the contradiction", async () => {
    const { exitCodes, printed } = await startWith({ STRIPE_SECRET_KEY: "sk_test_1" });
    expect(exitCodes).toEqual([1]);
    expect(printed).toContain("STRIPE_SECRET_KEY is a test key (sk_test_) but the shop is live with a real upstream");
    expect(printed).toContain("PARTNER_TEST_MODE=1");
  });

  it("stops a demo shop with a restricted live key", async () => {
    const demo = { SHOP_MODE: "demo", PARTNER_API_URL: "", STRIPE_SECRET_KEY: "rk_live_1" };
    const { exitCodes, printed } = await startWith(demo);
    expect(exitCodes).toEqual([1]);
    expect(printed).toContain("STRIPE_SECRET_KEY is a live key (rk_live_) in a demo shop");
  });

  describe("on the serverless host", () => {
    const ON_HOST = { VERCEL: "1", KV_REST_API_URL: "https://kv.example", KV_REST_API_TOKEN: "t", SMTP_URL: "smtp://mail.example:587" };
    const SCHEDULER = { CRON_SECRET: "a-cron-secret-of-some-length", QSTASH_TOKEN: "qstash-token", QSTASH_CURRENT_SIGNING_KEY: "sig_current", QSTASH_NEXT_SIGNING_KEY: "sig_next" };

    it("starts a live shop with its crons' secret and its scheduler's settings", async () => {
      expect((await startWith({ ...ON_HOST, ...SCHEDULER })).exitCodes).toEqual([]);
    });

    it("stops a live shop without what its scheduler and crons need, naming each setting", async () => {
      const { exitCodes, printed } = await startWith(ON_HOST);
      expect(exitCodes).toEqual([1]);
      for (const name of ["CRON_SECRET", "QSTASH_TOKEN", "QSTASH_CURRENT_SIGNING_KEY", "QSTASH_NEXT_SIGNING_KEY"]) expect(printed).toContain(name);
    });

    it("stops a live shop whose QStash token comes without its signing keys", async () => {
      const { exitCodes, printed } = await startWith({ ...ON_HOST, ...SCHEDULER, QSTASH_NEXT_SIGNING_KEY: "" });
      expect(exitCodes).toEqual([1]);
      expect(printed).toContain("QSTASH_NEXT_SIGNING_KEY");
      expect(printed).not.toContain("CRON_SECRET");
    });
  });

  it("starts a live shop on its own machine without QStash: its scheduler runs in process", async () => {
    expect((await startWith({ QSTASH_TOKEN: "", QSTASH_CURRENT_SIGNING_KEY: "", QSTASH_NEXT_SIGNING_KEY: "", CRON_SECRET: "" })).exitCodes).toEqual([]);
  });
});
