// What a process does at start (instrumentation.ts) besides the start check: on a serverless
// host every function's cold start runs it, beside that function's first request.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const started = vi.hoisted(() => ({ logged: 0, scheduler: 0 }));
vi.mock("@/lib/shop/start-check", async (original) => ({ ...(await original<typeof import("@/lib/shop/start-check")>()), checkStartConfig: () => undefined }));
vi.mock("@/lib/shop/pricing", () => ({ logOverriddenSettings: async () => void (started.logged += 1) }));
vi.mock("@/lib/shop/scheduler", () => ({ startScheduler: async () => void (started.scheduler += 1) }));

const { register } = await import("@/instrumentation");

describe("a process's start", () => {
  beforeEach(() => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    Object.assign(started, { logged: 0, scheduler: 0 });
  });
  afterEach(() => vi.unstubAllEnvs());

  it("compares the price settings with the prices in force on a long-running server", async () => {
    vi.stubEnv("VERCEL", "");
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "");
    await register();
    expect(started).toEqual({ logged: 1, scheduler: 1 });
  });

  it("leaves that to the prices page on a serverless host, where every function's cold start is a start (item 236)", async () => {
    vi.stubEnv("VERCEL", "1");
    await register();
    expect(started).toEqual({ logged: 0, scheduler: 1 });
  });
});
