// GET /api/admin/orders/export through its guard: refused without a session, a bad filter named,
// and for staff the filtered orders as a dated CSV attachment with neutralised cells.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminContext } from "@/lib/auth/guard/current-admin";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import type { Kv } from "@/lib/kv/kv";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { sampleOrder } from "./sample-order";

const world = vi.hoisted(() => ({ admin: null as AdminContext | null, kv: null as Kv | null }));
vi.mock("@/lib/shop/admin-request", () => ({
  currentAdmin: async () => world.admin,
  requestHeaders: async () => new Headers(),
}));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => world.kv }));

const { GET } = await import("@/app/api/admin/orders/export/route");
const dir = await mkdtemp(join(tmpdir(), "order-export-"));
const T0 = Date.parse("2027-03-01T10:00:00Z");

beforeAll(async () => {
  world.kv = createEmbeddedKv({ dir });
  const store = createOrderStore(world.kv, { now: () => T0 });
  await store.create(sampleOrder({ id: "01KD0000000000000000000001", createdAt: T0, item: { kind: "voucher", gameId: 7, voucherId: 8, name: "=1+2 Card", deliveryMethod: "voucher_code" } }));
  await store.create(sampleOrder({ id: "01KD0000000000000000000002", createdAt: T0 + 1, test: true }));
});
afterAll(async () => {
  await world.kv?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  world.admin = null;
});

const get = (query = "") => GET(new Request(`http://shop.example/api/admin/orders/export${query}`));

describe("order CSV export route", () => {
  it("refuses a visitor without a session", async () => {
    const answer = await get();
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: "unauthorized" });
  });

  it("names a bad filter and exports nothing", async () => {
    world.admin = { email: "staff@shop.example", role: "staff", ip: "203.0.113.5" };
    const answer = await get("?state=lost");
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: "invalid", message: expect.stringContaining("state") });
  });

  it("gives staff the filtered orders as a dated CSV file with neutralised cells", async () => {
    world.admin = { email: "staff@shop.example", role: "staff", ip: "203.0.113.5" };
    const answer = await get("?mode=live");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await answer.text()).trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^order_id,created_at,state,/);
    expect(lines[1]).toContain("01KD0000000000000000000001");
    expect(lines[1]).toContain(",'=1+2 Card,");
  });
});
