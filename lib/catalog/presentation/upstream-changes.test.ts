// What upstream added, removed or repriced since the owner last looked, and marking it reviewed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUDIT_LOG_KEY } from "@/lib/audit/audit-entry";
import { OWNER, TTL_MS, must, openPresentationWorld, type PresentationWorld } from "@/tests/support/catalog/presentation-world";
import { loadCatalog } from "../load-catalog";
import { bulkUpdatePresentation } from "./bulk-presentation";
import { diffUpstream, markReviewed, upstreamChangesSince } from "./upstream-changes";
import type { ServiceState } from "./upstream-snapshot";

const service = (id: number, vouchers: ServiceState["vouchers"], discountPercent: number | null = null): ServiceState => ({
  id,
  name: `S${id}`,
  type: "voucher",
  currency: "USD",
  discountPercent,
  vouchers,
});

describe("diffUpstream", () => {
  it("lists added and removed services, and vouchers added, removed or repriced", () => {
    const v = (id: number, cost: number) => ({ id, name: `V${id}`, cost, currency: "USD" });
    const reviewed = { reviewedAt: 1, services: [service(1, [v(11, 1), v(12, 2)]), service(2, [v(21, 5)]), service(3, null, 2)] };
    const now = [service(1, [v(11, 1.01), v(13, 3)]), service(3, [v(31, 1)], 3), service(4, [])];
    expect(diffUpstream(reviewed, [], now)).toEqual({
      reviewedAt: 1,
      added: [service(4, [])],
      removed: [{ id: 2, name: "S2", type: "voucher" }],
      changed: [
        {
          id: 1,
          name: "S1",
          addedVouchers: [v(13, 3)],
          removedVouchers: [v(12, 2)],
          repricedVouchers: [{ id: 11, name: "V11", before: { cost: 1, currency: "USD" }, after: { cost: 1.01, currency: "USD" } }],
        },
        // Its list was unread then: only the discount is compared.
        { id: 3, name: "S3", discountPercent: { before: 2, after: 3 }, addedVouchers: [], removedVouchers: [], repricedVouchers: [] },
      ],
    });
  });

  it("before any review, counts from the services known at first start", () => {
    expect(diffUpstream(null, [1, 2], [service(1, []), service(3, [])])).toMatchObject({ reviewedAt: null, added: [{ id: 3 }], removed: [{ id: 2 }], changed: [] });
  });
});

describe("upstream changes in the shop", () => {
  let world: PresentationWorld;
  beforeEach(async () => {
    world = await openPresentationWorld({ newServices: "hidden" });
  });
  afterEach(() => world.close());

  it("shows what upstream changed since the review, marks it reviewed, and keeps held-back services hidden", async () => {
    await must(loadCatalog(world.deps));
    const first = await must(upstreamChangesSince(world.deps));
    expect(first).toMatchObject({ reviewedAt: null, added: [], removed: [], changed: [] });
    await must(markReviewed(world.deps, first.fingerprint, OWNER));

    world.games = (services) => [
      ...services.filter((s) => s.id !== 101),
      { ...services.find((s) => s.id === 431)!, id: 777, game_name: "Brand New Game" },
    ];
    world.vouchers = (gameId, vouchers) => (gameId === 432 ? vouchers.map((v) => (v.voucher_id === 43201 ? { ...v, amount: 0.99 } : v)) : vouchers);
    world.now += TTL_MS + 1;

    const changes = await must(upstreamChangesSince(world.deps));
    expect(changes.reviewedAt).toBe(Date.UTC(2026, 10, 22, 12));
    expect(changes.added).toEqual([{ id: 777, name: "Brand New Game", type: "voucher", hidden: true }]);
    expect(changes.removed).toEqual([{ id: 101, name: "Vaultline Gift Card (US)", type: "voucher" }]);
    expect(changes.changed).toEqual([
      expect.objectContaining({ id: 432, repricedVouchers: [expect.objectContaining({ id: 43201, before: { cost: 0.93, currency: "USD" }, after: { cost: 0.99, currency: "USD" } })] }),
      // The new service's vouchers are those of 431's copy: not a change of 777, which is new.
    ]);

    // Upstream moved again after the owner read the list: nothing is marked.
    world.vouchers = (gameId, vouchers) => (gameId === 432 ? vouchers.map((v) => (v.voucher_id === 43201 ? { ...v, amount: 1.05 } : v)) : vouchers);
    world.now += TTL_MS + 1;
    expect(await markReviewed(world.deps, changes.fingerprint, OWNER)).toMatchObject({ ok: false, error: { code: "conflict" } });

    const again = await must(upstreamChangesSince(world.deps));
    await must(markReviewed(world.deps, again.fingerprint, OWNER));
    expect(await must(upstreamChangesSince(world.deps))).toMatchObject({ added: [], removed: [], changed: [] });
    // Reviewed, the service the setting held back stays hidden until the owner shows it.
    expect((await must(loadCatalog(world.deps))).products.map((p) => p.id)).not.toContain(777);
    await must(bulkUpdatePresentation(world.deps, { action: "show", ids: [777] }, OWNER));
    expect((await must(loadCatalog(world.deps))).products.map((p) => p.id)).toContain(777);

    const actions = (await world.kv.zRangeByScore(AUDIT_LOG_KEY)).map((row) => (JSON.parse(row.member) as { action: string }).action);
    expect(actions).toEqual(["catalog.upstream_reviewed", "catalog.upstream_reviewed", "catalog.presentation_show"]);
  });
});
