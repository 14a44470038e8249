// POST /api/checkout refuses what the owner hid, with 409 not_available, even when the buyer's
// page was loaded before: a stale page cannot buy a hidden product or voucher. Nothing is created.
import { describe, expect, it } from "vitest";
import { bulkUpdatePresentation, savePresentation } from "@/lib/catalog/presentation";
import { postCheckout } from "@/lib/checkout/http/post-checkout";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { RESERVED_VOUCHER } from "@/tests/support/checkout/checkout-harness";
import { OWNER, formInput, must } from "@/tests/support/catalog/presentation-world";
import { checkoutApiPerTest } from "@/tests/support/checkout/checkout-api-world";

const setup = checkoutApiPerTest();

const checkout = (body: unknown) =>
  new Request("https://shop.test/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://shop.test" },
    body: JSON.stringify(body),
  });

describe("POST /api/checkout and hidden products", () => {
  it("answers 409 not_available for a hidden product, and sells it again once shown", async () => {
    const { h, catalog, deps } = await setup();
    const body = { voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" };
    await must(bulkUpdatePresentation(catalog, { action: "hide", ids: [10] }, OWNER));

    const refused = await h.run(postCheckout(checkout(body), deps));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "not_available" });
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(0);

    await must(bulkUpdatePresentation(catalog, { action: "show", ids: [10] }, OWNER));
    expect((await h.run(postCheckout(checkout(body), deps))).status).toBe(201);
  });

  it("answers 409 for a hidden voucher of a shown product", async () => {
    const { h, catalog, deps } = await setup();
    await must(savePresentation(catalog, 10, formInput({ hiddenVouchers: [RESERVED_VOUCHER] }), OWNER));
    const refused = await h.run(postCheckout(checkout({ voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" }), deps));
    expect(refused.status).toBe(409);
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(0);
  });
});
