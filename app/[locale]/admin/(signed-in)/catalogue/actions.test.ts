// The catalogue pages' server actions as the owner calls them, over the sandbox's catalogue and
// a fresh KV: bad input names the field and changes nothing (no write, no audit row, no cache
// expired); good input is written, audited and expired from the storefront's cache. A price rule
// for many services goes through the price editor's draft, its preview and its save, as one
// version of the rules.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminContext } from "@/lib/auth/guard/current-admin";
import { listAudit } from "@/lib/audit";
import { listPresentation, readServicePresentation, upstreamChangesSince } from "@/lib/catalog/presentation";
import { TAGS } from "@/lib/shop/cache-tags";
import { draftStamp, readDraft } from "@/lib/pricing/rule-drafts";
import { listRulesHistory, loadCurrentRules } from "@/lib/pricing/rules-store";
import { must, openPresentationWorld, type PresentationWorld } from "@/tests/support/catalog/presentation-world";

const state = vi.hoisted(() => ({
  admin: null as AdminContext | null,
  world: null as PresentationWorld | null,
  expired: [] as string[],
}));
vi.mock("@/lib/shop/admin-request", () => ({
  currentAdmin: async () => state.admin,
  requestHeaders: async () => new Headers({ host: "shop.example", origin: "http://shop.example" }),
}));
vi.mock("@/lib/shop/catalog-deps", () => ({ catalogDeps: async () => state.world?.deps }));
vi.mock("@/lib/shop/presentation-settings", () => ({
  presentationSettings: () => ({ newServices: "visible", featuredSeed: [], imageHosts: ["cdn.shop.test"] }),
}));
vi.mock("@/lib/shop/pricing", () => ({
  shopRulesDeps: async () => ({
    kv: state.world?.kv,
    upstream: "presentation-test",
    clock: state.world?.deps.clock,
    settings: { storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" },
  }),
}));
vi.mock("next/cache", () => ({ updateTag: (tag: string) => state.expired.push(tag), revalidateTag: (tag: string) => state.expired.push(tag) }));

const { applyBulk, previewBulkRule } = await import("./actions");
const { saveServicePresentation } = await import("./[serviceId]/actions");
const { markUpstreamReviewed } = await import("./changes/actions");
const { saveEdits } = await import("../prices/actions");

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

describe("a price rule for many services", () => {
  const STAFF: AdminContext = { email: "staff@shop.example", role: "staff", ip: "203.0.113.10" };
  const pricing = async () => {
    const { shopRulesDeps } = await import("@/lib/shop/pricing");
    return shopRulesDeps();
  };
  const draft = async () => readDraft(await pricing(), OWNER.email);
  const history = async () => listRulesHistory(await pricing(), { count: 50 });
  const ruleForm = (fields: Record<string, string>) =>
    formData({
      scope: "selected",
      storeCurrency: "USD",
      markupPercent: "30",
      fixed: "",
      rounding: "none",
      roundingStep: "",
      minMarginAmount: "",
      minMarginPercent: "",
      ceilingPercent: "",
      "tiers.0.from": "",
      "tiers.0.markup": "",
      ...fields,
    });
  const save = async () => {
    const pending = await draft();
    if (!pending) throw new Error("expected a draft");
    return formData({ expectedVersion: String(pending.baseVersion), stamp: draftStamp(pending), note: "Mythic at 30 %" });
  };

  it("opens the rule page for the ticked services, or for the filters", async () => {
    expect(await redirectOf(() => applyBulk(null, formData({ action: "rule", scope: "selected", "service-101": "on", "service-243": "on" })))).toBe(
      "/admin/catalogue/rule?scope=selected&services=101%2C243",
    );
    expect(await redirectOf(() => applyBulk(null, formData({ action: "rule", scope: "filtered", q: "mythic", visibility: "visible" })))).toBe(
      "/admin/catalogue/rule?scope=filtered&q=mythic&visibility=visible",
    );
    expect(await applyBulk(null, formData({ action: "rule", scope: "filtered", q: "no such product" }))).toMatchObject({ ok: false, code: "invalid", field: "scope" });
  });

  it("names the field at fault, refuses staff and unknown services, and writes no draft", async () => {
    await loadCurrentRules(await pricing());
    const cases: [Record<string, string>, string, string][] = [
      [{ markupPercent: "30 percent", services: "101" }, "markupPercent", "percent"],
      [{ "tiers.0.from": "5", services: "101" }, "tiers.0.markup", "tierIncomplete"],
      [{ rounding: "step", roundingStep: "0.001", services: "101" }, "roundingStep", "amount"],
      [{ ceilingPercent: "0", services: "101" }, "ceilingPercent", "ceiling"],
      [{ services: "" }, "services", "choose at least one product"],
      [{ services: "101,abc" }, "services", "choose at least one product"],
    ];
    for (const [fields, field, message] of cases) {
      expect(await previewBulkRule(null, ruleForm(fields)), field).toEqual({ ok: false, code: "invalid", field, message });
    }
    expect(await previewBulkRule(null, ruleForm({ services: "777777" }))).toMatchObject({ ok: false, code: "refused", message: "noSuchService" });
    state.admin = STAFF;
    expect(await previewBulkRule(null, ruleForm({ services: "101" }))).toMatchObject({ ok: false, code: "forbidden" });
    expect(await applyBulk(null, formData({ action: "clearRule", scope: "selected", "service-101": "on" }))).toMatchObject({ ok: false, code: "forbidden" });
    state.admin = OWNER;
    expect(await draft()).toBeNull();
    expect((await history()).map((v) => v.version)).toEqual([1]);
  });

  it("previews one rule on every filtered service, saves it as one audited version, and a second click saves nothing", async () => {
    expect(await redirectOf(() => previewBulkRule(null, ruleForm({ scope: "filtered", q: "mythic" })))).toBe("/admin/prices");
    const first = await draft();
    expect(Object.keys(first?.content.services ?? {}).sort()).toEqual(["426", "92837"]);
    expect(first?.content.services["426"]).toMatchObject({ markupPercent: "30", fixedMinor: 0, rounding: { mode: "none" } });
    // Preview pressed twice: the same draft, not the rule twice.
    expect(await redirectOf(() => previewBulkRule(null, ruleForm({ scope: "filtered", q: "mythic" })))).toBe("/admin/prices");
    expect(await draft()).toEqual(first);
    expect(state.expired).toEqual([]);

    const auditBefore = await auditRows();
    const form = await save();
    expect(await redirectOf(() => saveEdits(null, form))).toBe("/admin/prices?saved=2");
    expect(await redirectOf(() => saveEdits(null, form))).toBe("(answered)");
    expect(await saveEdits(null, form)).toMatchObject({ ok: false, code: "refused", message: "draftChanged" });
    expect((await history()).map((v) => v.version)).toEqual([2, 1]);
    const saved = await loadCurrentRules(await pricing());
    expect(saved.services).toEqual(first?.content.services);
    expect(state.expired).toEqual([TAGS.prices]);

    const audit = await listAudit(1, { kv: world().kv });
    expect(audit.total).toBe(auditBefore + 1);
    expect(audit.entries[0]).toMatchObject({ actor: OWNER.email, action: "prices.rules_saved", ip: OWNER.ip, target: "prices:v2" });
    expect(JSON.stringify(audit.entries[0]?.after)).toContain('"92837"');
    expect(JSON.stringify(audit.entries[0]?.before)).not.toContain('"92837"');
  });

  it("removes the service rules of the ticked services through the draft, and says when none has one", async () => {
    expect(await applyBulk(null, formData({ action: "clearRule", scope: "selected", "service-101": "on" }))).toEqual({ ok: false, code: "refused", message: "noServiceRules" });
    expect(await redirectOf(() => previewBulkRule(null, ruleForm({ services: "426,92837" })))).toBe("/admin/prices");
    const form = await save();
    expect(await redirectOf(() => saveEdits(null, form))).toBe("/admin/prices?saved=2");
    expect(await redirectOf(() => applyBulk(null, formData({ action: "clearRule", scope: "selected", "service-426": "on", "service-101": "on" })))).toBe("/admin/prices");
    expect(Object.keys((await draft())?.content.services ?? {})).toEqual(["92837"]);
  });
});
