// The catalogue pages' server actions as the owner calls them, over the sandbox's catalogue and
// a fresh KV: bad input names the field and changes nothing (no write, no audit row, no cache
// expired); good input is written, audited and expired from the storefront's cache.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminContext } from "@/lib/auth/guard/current-admin";
import { listAudit } from "@/lib/audit";
import { listPresentation, readServicePresentation, upstreamChangesSince } from "@/lib/catalog/presentation";
import { TAGS } from "@/lib/catalog/tags";
import { must, openPresentationWorld, type PresentationWorld } from "@/tests/support/catalog/presentation-world";

const state = vi.hoisted(() => ({
  admin: null as AdminContext | null,
  world: null as PresentationWorld | null,
  expired: [] as string[],
}));
vi.mock("@/lib/auth/guard/current-admin", () => ({
  currentAdmin: async () => state.admin,
  requestHeaders: async () => new Headers({ host: "shop.example", origin: "http://shop.example" }),
}));
vi.mock("@/lib/catalog/storefront-deps", () => ({ catalogDeps: async () => state.world?.deps }));
vi.mock("@/lib/catalog/presentation/presentation-settings-from-env", () => ({
  presentationSettings: () => ({ newServices: "visible", featuredSeed: [], imageHosts: ["cdn.shop.test"] }),
}));
vi.mock("next/cache", () => ({ updateTag: (tag: string) => state.expired.push(tag), revalidateTag: (tag: string) => state.expired.push(tag) }));

const { applyBulk } = await import("./actions");
const { saveServicePresentation } = await import("./[serviceId]/actions");
const { markUpstreamReviewed } = await import("./changes/actions");

const OWNER: AdminContext = { email: "owner@shop.example", role: "owner", ip: "203.0.113.9" };
const formData = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const world = () => state.world as PresentationWorld;
const auditRows = async () => (await listAudit(1, { kv: world().kv })).total;
const hiddenIds = async () => (await must(listPresentation(world().deps))).filter((row) => row.hidden).map((row) => row.id);

async function redirectOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? "");
    if (digest.startsWith("NEXT_REDIRECT")) return digest.split(";")[2] ?? "";
    throw error;
  }
  return "(answered)";
}

beforeEach(async () => {
  state.world = await openPresentationWorld({ imageHosts: ["cdn.shop.test"] });
  state.admin = OWNER;
  state.expired = [];
});
afterEach(async () => world().close());

describe("bulk action on the catalogue list", () => {
  it("refuses nothing ticked, an unknown action, and filters that match nothing, changing nothing", async () => {
    const before = await auditRows();
    expect(await applyBulk(null, formData({ action: "hide", scope: "selected" }))).toMatchObject({ ok: false, code: "invalid", field: "ids" });
    expect(await applyBulk(null, formData({ action: "delete", scope: "selected", "service-101": "on" }))).toMatchObject({ ok: false, code: "invalid", field: "action" });
    expect(await applyBulk(null, formData({ action: "hide", scope: "filtered", q: "no such product" }))).toMatchObject({ ok: false, code: "invalid", field: "scope" });
    expect(await hiddenIds()).toEqual([]);
    expect(await auditRows()).toBe(before);
    expect(state.expired).toEqual([]);
  });

  it("hides the ticked products, or every product matching the filters, and expires their pages", async () => {
    expect(await applyBulk(null, formData({ action: "hide", scope: "selected", "service-101": "on", "service-243": "on" }))).toEqual({ ok: true, message: "bulk_hide", data: { count: 2 } });
    expect(await hiddenIds()).toEqual([101, 243]);
    expect(state.expired).toEqual([TAGS.catalogList, TAGS.product(101), TAGS.product(243)]);

    // The ticks of another page are not needed: the server reads the filters again.
    const answer = await applyBulk(null, formData({ action: "hide", scope: "filtered", q: "mythic", "service-101": "on" }));
    expect(answer).toMatchObject({ ok: true, data: { count: 2 } });
    expect(await hiddenIds()).toEqual([101, 243, 426, 92837]);
    expect(await applyBulk(null, formData({ action: "show", scope: "filtered", visibility: "hidden" }))).toMatchObject({ ok: true, data: { count: 4 } });
    expect(await hiddenIds()).toEqual([]);
  });
});

describe("saving one service", () => {
  const editor = (fields: Record<string, string>) => formData({ serviceId: "1", "name.en": "", "name.zh": "", "summary.en": "", "summary.zh": "", "description.en": "", "description.zh": "", image: "", sortOrder: "", ...fields });

  it("names the field at fault and writes nothing", async () => {
    const stored = await readServicePresentation(world().deps, 1);
    const before = await auditRows();
    const cases: [Record<string, string>, string][] = [
      [{ "topUp.currency": "USD", "topUp.min": "50", "topUp.max": "5" }, "topUp.max"],
      [{ "topUp.currency": "USD", "topUp.min": "5", "topUp.max": "50", "topUp.presets.3": "60" }, "topUp.presets.3"],
      [{ "topUp.currency": "USD", "topUp.min": "5.001", "topUp.max": "50" }, "topUp.min"],
      [{ image: "https://tracker.test/pixel.png" }, "image"],
      [{ image: "/brands/no-such-file.png" }, "image"],
      [{ sortOrder: "first" }, "sortOrder"],
      [{ "name.en": "x".repeat(121) }, "name.en"],
      [{ serviceId: "1; DROP" }, "serviceId"],
    ];
    for (const [fields, field] of cases) {
      expect(await saveServicePresentation(null, editor({ "name.en": "Changed", ...fields })), field).toMatchObject({ ok: false, code: "invalid", field });
    }
    expect(await readServicePresentation(world().deps, 1)).toEqual(stored);
    expect(await auditRows()).toBe(before);
    expect(state.expired).toEqual([]);
  });

  it("refuses a service upstream does not have, and a top-up range for a service that is no top-up", async () => {
    expect(await saveServicePresentation(null, editor({ serviceId: "777777" }))).toMatchObject({ ok: false, code: "refused", message: "noSuchService" });
    expect(await saveServicePresentation(null, editor({ serviceId: "101", "topUp.currency": "USD", "topUp.min": "5", "topUp.max": "50" }))).toMatchObject({
      ok: false,
      code: "invalid",
      field: "topUp.min",
    });
  });

  it("saves words, flags, the range in minor units and hidden vouchers, audited and expired at once", async () => {
    const before = await auditRows();
    const answer = await saveServicePresentation(
      null,
      editor({ "name.en": "Wallet", "name.zh": "钱包", featured: "on", sortOrder: "2", "topUp.currency": "USD", "topUp.min": "5", "topUp.max": "250.50", "topUp.presets.1": "20" }),
    );
    expect(answer).toEqual({ ok: true, message: "saved" });
    expect(await readServicePresentation(world().deps, 1)).toMatchObject({
      name: { en: "Wallet", zh: "钱包" },
      featured: true,
      hidden: false,
      sortOrder: 2,
      topUp: { currency: "USD", minMinor: 500, maxMinor: 25050, presetsMinor: [2000] },
    });
    expect(await saveServicePresentation(null, editor({ serviceId: "101", "hideVoucher-10102": "on" }))).toMatchObject({ ok: true });
    expect((await readServicePresentation(world().deps, 101)).hiddenVouchers).toEqual([10102]);
    expect(await auditRows()).toBe(before + 2);
    expect(state.expired).toEqual([TAGS.catalogList, TAGS.product(1), TAGS.catalogList, TAGS.product(101)]);
  });
});

describe("marking upstream reviewed", () => {
  it("refuses a form without the list's fingerprint", async () => {
    expect(await markUpstreamReviewed(null, formData({}))).toMatchObject({ ok: false, code: "invalid", field: "fingerprint" });
  });

  it("reloads the list when upstream changed since it was read, and marks the list the owner saw", async () => {
    const seen = await must(upstreamChangesSince(world().deps));
    const before = await auditRows();
    expect(await redirectOf(() => markUpstreamReviewed(null, formData({ fingerprint: "not-the-list-you-saw" })))).toBe("/admin/catalogue/changes?changedAgain=1");
    expect(await auditRows()).toBe(before);
    expect(await markUpstreamReviewed(null, formData({ fingerprint: seen.fingerprint }))).toEqual({ ok: true, message: "reviewed" });
    expect((await must(upstreamChangesSince(world().deps))).reviewedAt).not.toBeNull();
  });
});
