// A product the owner hides is gone everywhere at once: the catalogue's list (and so search and
// "Recommended", which are drawn from it), its product page, the checkout's quote; a hidden
// voucher is neither offered nor sold. And what the owner writes shows where buyers look.
import { createTranslator } from "next-intl";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { placeNames, selectItems } from "@/app/_components/catalog/catalog-items";
import { NO_FILTERS } from "@/app/_components/catalog/catalog-filters";
import { fromCatalogRow, toCatalogRow } from "@/app/_components/catalog/catalog-row";
import { catalogFacets } from "@/app/_components/catalog/catalog-view";
import type { Translator } from "@/app/_components/i18n/words";
import { quoteOrder } from "@/lib/checkout/quote-order";
import { messagesOf } from "@/lib/i18n/messages";
import { OWNER, formInput, must, openPresentationWorld, type PresentationWorld } from "@/tests/support/catalog/presentation-world";
import { balanceTermsOf } from "../top-up-amount";
import { loadCatalog, loadProductDetail } from "../load-catalog";
import type { CatalogSnapshot } from "../types";
import { bulkUpdatePresentation } from "./bulk-presentation";
import { savePresentation } from "./save-presentation";

const t = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;
const QUOTE = { maxAgeMs: 300_000 };

/** The catalogue as the page draws it, searched and ordered as the browser does. */
function shown(snapshot: CatalogSnapshot, q = "") {
  const names = placeNames(catalogFacets(snapshot.products, t, "en"));
  const items = snapshot.products.map((p) => fromCatalogRow(toCatalogRow(p, snapshot, { sales: new Map() }, t, "en"), names));
  return selectItems(items, { ...NO_FILTERS, q }).map((item) => item.id);
}

describe("hidden everywhere", () => {
  let world: PresentationWorld;
  beforeEach(async () => {
    world = await openPresentationWorld({ featuredSeed: [432] });
  });
  afterEach(() => world.close());

  it("takes SHOP_FEATURED as the first featured flags, then the stored flags decide", async () => {
    expect(shown(await must(loadCatalog(world.deps)))[0]).toBe(432);
    await must(bulkUpdatePresentation(world.deps, { action: "unfeature", ids: [432] }, OWNER));
    await must(bulkUpdatePresentation(world.deps, { action: "feature", ids: [441] }, OWNER));
    // The setting still names 432, but it only seeded the flags.
    expect(shown(await must(loadCatalog(world.deps)))[0]).toBe(441);
  });

  it("leaves a hidden product out of the list, search, Recommended, its page and the checkout", async () => {
    expect(shown(await must(loadCatalog(world.deps)), "starfall")).toEqual([432]);
    await must(bulkUpdatePresentation(world.deps, { action: "hide", ids: [432] }, OWNER));

    const snapshot = await must(loadCatalog(world.deps));
    expect(snapshot.products.map((p) => p.id)).not.toContain(432);
    expect(snapshot.fromPrices[432]).toBeUndefined();
    expect(shown(snapshot, "starfall")).toEqual([]);
    expect(shown(snapshot)).not.toContain(432); // featured by SHOP_FEATURED, hidden all the same
    expect(await must(loadProductDetail(world.deps, 432))).toBeNull();
    const quote = await quoteOrder(world.deps, { voucher_id: 43201, game_id: 432, account: "12345678", email: "a@b.test" }, QUOTE);
    expect(quote).toMatchObject({ ok: false, error: { code: "unavailable" } });
    // Without game_id, from an API client: the voucher is found to be the hidden service's.
    expect(await quoteOrder(world.deps, { voucher_id: 43201, account: "12345678", email: "a@b.test" }, QUOTE)).toMatchObject({ ok: false, error: { code: "unavailable" } });

    await must(bulkUpdatePresentation(world.deps, { action: "show", ids: [432] }, OWNER));
    expect(await must(loadProductDetail(world.deps, 432))).not.toBeNull();
    expect(await quoteOrder(world.deps, { voucher_id: 43201, game_id: 432, account: "12345678", email: "a@b.test" }, QUOTE)).toMatchObject({ ok: true });
  });

  it("neither offers nor sells a hidden voucher, and a product whose every voucher is hidden cannot be bought", async () => {
    await must(savePresentation(world.deps, 431, formInput({ hiddenVouchers: [43101] }), OWNER));
    const detail = await must(loadProductDetail(world.deps, 431));
    expect(detail?.denominations.map((d) => d.voucherId)).toEqual([43102, 43103, 43104]);
    const from = (await must(loadCatalog(world.deps))).fromPrices[431];
    expect(from?.minor).toBe(detail?.denominations[0]?.price?.minor);
    expect(await quoteOrder(world.deps, { voucher_id: 43101, game_id: 431, account: "12345678", email: "a@b.test" }, QUOTE)).toMatchObject({ ok: false, error: { code: "unavailable" } });
    expect(await quoteOrder(world.deps, { voucher_id: 43101, account: "12345678", email: "a@b.test" }, QUOTE)).toMatchObject({ ok: false, error: { code: "unavailable" } });
    expect(await quoteOrder(world.deps, { voucher_id: 43102, game_id: 431, account: "12345678", email: "a@b.test" }, QUOTE)).toMatchObject({ ok: true });

    await must(savePresentation(world.deps, 431, formInput({ hiddenVouchers: [43101, 43102, 43103, 43104] }), OWNER));
    const product = (await must(loadCatalog(world.deps))).products.find((p) => p.id === 431);
    expect(product).toMatchObject({ available: false, unavailableReason: "no_denominations" });
  });

  it("shows the owner's words in each language, upstream's where none were written", async () => {
    await must(
      savePresentation(
        world.deps,
        426,
        formInput({ name: { en: "Mythic Diamonds", zh: "神话钻石" }, summary: { en: "Instant diamonds.", zh: "" }, description: { en: "**Fast**", zh: "" } }),
        OWNER,
      ),
    );
    const detail = await must(loadProductDetail(world.deps, 426));
    expect(detail?.product).toMatchObject({
      name: "Mythic Diamonds",
      slug: "mythic-diamonds",
      names: { en: "Mythic Diamonds", zh: "神话钻石" },
      summaries: { en: "Instant diamonds.", zh: "Instant diamonds." },
    });
    expect(detail?.longDescription).toEqual({ en: "**Fast**", zh: "**Fast**" });
    const untouched = await must(loadProductDetail(world.deps, 431));
    expect(untouched?.product.names).toEqual({ en: "Ironclad Arena Gold", zh: "Ironclad Arena Gold" });
    expect(untouched?.longDescription).toBeNull();
  });

  it("holds a top-up to the owner's range and presets on the page and again at checkout", async () => {
    const topUp = { currency: "USD", minMinor: 2_000, maxMinor: 10_000, presetsMinor: [2_000, 5_000] };
    await must(savePresentation(world.deps, 1, formInput({ topUp }), OWNER));
    const detail = await must(loadProductDetail(world.deps, 1));
    expect(balanceTermsOf(detail!.product)).toEqual({ currency: "USD", minMinor: 2_000, maxMinor: 10_000, presetsMinor: [2_000, 5_000] });
    const request = (amount: string) => ({ game_id: 1, amount, account: "player-1", email: "a@b.test" });
    // The API's words, in English from the messages the checkout loads only for a refusal.
    const range = "Enter an amount from $20.00 to $100.00";
    expect(await quoteOrder(world.deps, request("15"), QUOTE)).toMatchObject({ ok: false, error: { code: "invalid", field: "amount", message: range } });
    expect(await quoteOrder(world.deps, request("101"), QUOTE)).toMatchObject({ ok: false, error: { code: "invalid", field: "amount", message: range } });
    expect(await quoteOrder(world.deps, request("25"), QUOTE)).toMatchObject({ ok: true });
  });

  it("keeps services upstream adds later hidden when CATALOG_NEW_SERVICES=hidden, not the ones there at first start", async () => {
    world.settings({ newServices: "hidden" });
    const first = await must(loadCatalog(world.deps));
    expect(first.products.map((p) => p.id)).toContain(432);
    const fixture = world.games;
    world.games = (services) => [...fixture(services), { ...services.find((s) => s.id === 431)!, id: 777, game_name: "Brand New Game" }];
    world.now += 300_001;
    const later = await must(loadCatalog(world.deps));
    expect(later.products.map((p) => p.id)).not.toContain(777);
    expect(await must(loadProductDetail(world.deps, 777))).toBeNull();
    expect(await quoteOrder(world.deps, { voucher_id: 43101, game_id: 777, account: "12345678", email: "a@b.test" }, QUOTE)).toMatchObject({ ok: false, error: { code: "unavailable" } });
    await must(bulkUpdatePresentation(world.deps, { action: "show", ids: [777] }, OWNER));
    expect((await must(loadCatalog(world.deps))).products.map((p) => p.id)).toContain(777);
  });
});
