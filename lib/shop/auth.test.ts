// The Auth configuration is built once per process: in a demo, building it seeds the demo
// owner's password hash (32 MiB scrypt), which must not run again on every admin request.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { AUTH_KEYS } from "@/lib/auth/keys";

const store = vi.hoisted(() => ({ kv: null as Kv | null, hashes: 0 }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => store.kv }));
// Counts every hash, and makes each cheap: the count is what matters here, not the cost.
vi.mock("@/lib/security/password-hash", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/security/password-hash")>();
  return {
    ...actual,
    hashPassword: (password: string) => {
      store.hashes += 1;
      return actual.hashPassword(password, { N: 1024, r: 8, p: 1 });
    },
  };
});

vi.stubEnv("SHOP_MODE", "demo");
vi.stubEnv("ADMIN_EMAIL", "");
vi.stubEnv("ADMIN_PASSWORD_HASH", "");
vi.stubEnv("AUTH_SECRET", "");

const { authConfig, readAdminSession } = await import("./auth");

const adminRequest = () => new Headers({ cookie: "authjs.session-token=not-a-session", host: "shop.example", "x-forwarded-proto": "http" });

beforeEach(() => {
  store.hashes = 0;
});

describe("the Auth configuration in a demo shop", () => {
  it("hashes the demo owner's password at the first admin request and nothing at the next", async () => {
    store.kv = createMemoryKv();
    await readAdminSession(adminRequest());
    expect(store.hashes).toBe(1);
    expect(await store.kv.get(AUTH_KEYS.demoOwnerHash)).toMatch(/^scrypt:/);

    await readAdminSession(adminRequest());
    await readAdminSession(adminRequest());
    expect(store.hashes).toBe(1);
  });

  it("is one object for the life of the process", async () => {
    expect(await authConfig()).toBe(await authConfig());
  });
});
