// The presentation's storage on every KV driver (embedded, Redis, Upstash REST, and the tests'
// in-memory store): a save writes the index and the long description together, bad input
// writes nothing, concurrent writers from several connections all land, a bulk action is one
// write, and every change leaves an audit row.
import { describe, expect, it } from "vitest";
import { AUDIT_LOG_KEY } from "@/lib/audit/audit-entry";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import type { PartnerClient } from "@/lib/partner/client";
import { bulkUpdatePresentation } from "@/lib/catalog/presentation/bulk-presentation";
import type { PresentationDeps } from "@/lib/catalog/presentation/presentation-deps";
import { readIndex, readPresentation } from "@/lib/catalog/presentation/read-presentation";
import { readServicePresentation } from "@/lib/catalog/presentation/read-service-presentation";
import { savePresentation } from "@/lib/catalog/presentation/save-presentation";
import { PRESENTATION_KEYS } from "@/lib/catalog/presentation/stored-presentation";
import { writePresentationScript } from "@/lib/catalog/presentation/write-presentation-script";
import { OWNER, formInput, must } from "../support/catalog/presentation-world";
import { driversForFile } from "../kv/drivers";

const { drivers, track } = await driversForFile();

/** The index is created before these writes, so upstream is never asked. */
const noUpstream = new Proxy({}, { get: () => () => Promise.reject(new Error("upstream must not be called")) }) as PartnerClient;
const SERVICES = [1, 101, 426, 431, 432];

describe.each(drivers)("catalogue presentation store: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`needs Redis: ${skipReason}`, () => {});
    return;
  }
  let run = 0;
  async function setup(): Promise<{ deps: PresentationDeps; kv: Kv; another: () => PresentationDeps }> {
    const prefix = `presentation-${name}-${Date.now()}-${run++}:`;
    const connect = () => {
      const kv = open(prefix);
      track(kv);
      const deps: PresentationDeps = {
        client: noUpstream,
        kv,
        clock: { now: () => 1_800_000_000_000 },
        ttlMs: 300_000,
        upstream: "store-test",
        presentation: { newServices: "visible", featuredSeed: [426], imageHosts: ["cdn.shop.test"] },
        publicFileExists: async (path) => path === "/brands/known.png",
      };
      return deps;
    };
    const deps = connect();
    await readIndex(deps, async () => SERVICES);
    return { deps, kv: deps.kv, another: connect };
  }

  it("saves a service's words, flags and long description together and reads them back", async () => {
    const { deps, kv } = await setup();
    const input = formInput({
      name: { en: " Diamonds ", zh: "钻石" },
      description: { en: "# Hello", zh: "" },
      image: "https://cdn.shop.test/d.png",
      sortOrder: 4,
      hiddenVouchers: [42602, 42601, 42602],
    });
    const saved = await must(savePresentation(deps, 426, input, OWNER));
    expect(saved.serviceIds).toEqual([426]);
    expect(saved.before).toMatchObject({ featured: true, name: { en: null, zh: null } });
    const back = await readServicePresentation(deps, 426);
    expect(back).toEqual({
      name: { en: "Diamonds", zh: "钻石" },
      summary: { en: null, zh: null },
      description: { en: "# Hello", zh: null },
      image: "https://cdn.shop.test/d.png",
      featured: false,
      hidden: false,
      sortOrder: 4,
      topUp: null,
      hiddenVouchers: [42601, 42602],
    });
    // Emptied, the long description's key goes with the same write.
    await must(savePresentation(deps, 426, formInput(), OWNER));
    expect(await kv.get(PRESENTATION_KEYS.description("store-test", 426))).toBeNull();
    const audit = await kv.zRangeByScore(AUDIT_LOG_KEY);
    expect(audit.map((row) => JSON.parse(row.member) as { action: string; target: string; actor: string; ip: string })).toMatchObject([
      { action: "catalog.presentation_saved", target: "service:426", actor: OWNER.email, ip: OWNER.ip },
      { action: "catalog.presentation_saved", target: "service:426" },
    ]);
  });

  it("names the field of bad input and changes nothing", async () => {
    const { deps, kv } = await setup();
    const before = await kv.get(PRESENTATION_KEYS.index("store-test"));
    const bad = [
      [formInput({ image: "https://evil.test/x.png" }), "image"],
      [formInput({ image: "/brands/missing.png" }), "image"],
      [formInput({ name: { en: "x".repeat(121), zh: "" } }), "name.en"],
      [formInput({ topUp: { currency: "USD", minMinor: 500, maxMinor: 100, presetsMinor: [] } }), "topUp.maxMinor"],
      [formInput({ sortOrder: 1.5 }), "sortOrder"],
    ] as const;
    for (const [input, field] of bad) {
      expect(await savePresentation(deps, 426, input, OWNER)).toMatchObject({ ok: false, error: { code: "invalid", field } });
    }
    expect(await bulkUpdatePresentation(deps, { action: "delete", ids: [426] }, OWNER)).toMatchObject({ ok: false, error: { field: "action" } });
    expect(await kv.get(PRESENTATION_KEYS.index("store-test"))).toBe(before);
    expect(await kv.zCard(AUDIT_LOG_KEY)).toBe(0);
    expect(await savePresentation(deps, 426, formInput({ image: "/brands/known.png" }), OWNER)).toMatchObject({ ok: true });
  });

  it("hides and features many services in one write, auditing only what changed", async () => {
    const { deps, kv } = await setup();
    const hidden = await must(bulkUpdatePresentation(deps, { action: "hide", ids: [101, 426, 432] }, OWNER));
    expect(hidden.serviceIds).toEqual([101, 426, 432]);
    const view = await readPresentation(deps, SERVICES);
    expect(SERVICES.filter((id) => view.hidden(id))).toEqual([101, 426, 432]);
    expect(view.entry(426).featured).toBe(true);
    // Already hidden: nothing to write, nothing to audit.
    expect((await must(bulkUpdatePresentation(deps, { action: "hide", ids: [426] }, OWNER))).serviceIds).toEqual([]);
    const rows = (await kv.zRangeByScore(AUDIT_LOG_KEY)).map((row) => JSON.parse(row.member) as { action: string; before: unknown; after: unknown });
    expect(rows).toEqual([
      expect.objectContaining({ action: "catalog.presentation_hide", before: { 101: { hidden: false }, 426: { hidden: false }, 432: { hidden: false } } }),
    ]);
  });

  it("loses no change when owners on several connections write at once", async () => {
    const { deps, another } = await setup();
    const writers = SERVICES.map((id, i) => savePresentation(i % 2 ? another() : deps, id, formInput({ sortOrder: id }), OWNER));
    const bulk = bulkUpdatePresentation(another(), { action: "feature", ids: [1, 431] }, OWNER);
    const answers = await Promise.all([...writers, bulk]);
    expect(answers.every((a) => a.ok)).toBe(true);
    const view = await readPresentation(deps, SERVICES);
    expect(SERVICES.map((id) => view.entry(id).sortOrder)).toEqual(SERVICES);
  });

  it("knows its write landed when the reply was lost, and audits it once", async () => {
    const { deps, kv } = await setup();
    let drop = true;
    const lossy: Kv = Object.create(kv, {
      run: {
        value: async (...args: Parameters<Kv["run"]>) => {
          const reply = await kv.run(...args);
          if (drop) {
            drop = false;
            throw new KvError("reply_lost", "connection closed before the reply");
          }
          return reply;
        },
      },
    }) as Kv;
    const applied = await must(bulkUpdatePresentation({ ...deps, kv: lossy }, { action: "hide", ids: [431] }, OWNER));
    expect(applied.serviceIds).toEqual([431]);
    expect((await readPresentation(deps, SERVICES)).hidden(431)).toBe(true);
    expect(await kv.zCard(AUDIT_LOG_KEY)).toBe(1);
  });

  it("runs its write script as compare-and-set, creation included", async () => {
    const { kv } = await setup();
    const write = (expected: string, value: string, otherMode: string, otherValue = "") =>
      kv.run(writePresentationScript, { keys: { index: "i", other: "o" }, args: { expected, value, otherMode, otherValue } });
    expect(await write("", "v1", "set", "d1")).toBe("saved");
    expect(await write("", "v2", "set", "d2")).toBe("conflict");
    expect(await write("v1", "v1", "keep")).toBe("saved");
    expect(await write("v0", "v2", "set", "d2")).toBe("conflict");
    expect(await kv.get("o")).toBe("d1");
    expect(await write("v1", "v2", "del")).toBe("saved");
    expect([await kv.get("i"), await kv.get("o")]).toEqual(["v2", null]);
  });
});
