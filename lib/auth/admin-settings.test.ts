// The demo owner's password hash is made once and kept in KV: each of Next's bundles asks, and
// all must agree on the hash their sessions' fingerprints are taken from.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { AUTH_KEYS } from "./keys";

const store = vi.hoisted(() => ({ hashes: 0 }));
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

const { firstOwner, DEMO_OWNER } = await import("./admin-settings");
const demo = parseEnv({ SHOP_MODE: "demo" });

beforeEach(() => {
  store.hashes = 0;
});

describe("firstOwner in a demo shop", () => {
  it("hashes nothing when KV already holds the demo owner's hash, and keeps that hash", async () => {
    const kv = createMemoryKv();
    await kv.set(AUTH_KEYS.demoOwnerHash, "scrypt:1024:8:1:c2FsdA:a2V5");
    const owner = await firstOwner(demo, "demo", async () => kv);
    expect(owner).toEqual({ email: DEMO_OWNER.email, passwordHash: "scrypt:1024:8:1:c2FsdA:a2V5", demo: true });
    expect(store.hashes).toBe(0);
  });

  it("hashes once and stores the hash when KV has none", async () => {
    const kv = createMemoryKv();
    const owner = await firstOwner(demo, "demo", async () => kv);
    expect(store.hashes).toBe(1);
    expect(owner?.passwordHash).toBe(await kv.get(AUTH_KEYS.demoOwnerHash));
  });
});
