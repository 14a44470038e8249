// What the checkout's quote (lib/checkout/quote-order.ts) asks of the presentation, read from KV
// on every quote (never from a page's cache): whether what the buyer asks for is hidden, since a
// page loaded before the owner hid it can still post it; and the product with the owner's
// top-up range, which is checked again here whatever the browser allowed.
import type { Service } from "@/lib/partner/schemas";
import { toProduct } from "../map-service";
import type { Product } from "../types";
import { cachedVouchers, type UpstreamCacheDeps } from "../upstream-cache";
import { presentProduct } from "./present-product";
import type { PresentationSettings } from "./presentation-settings";
import { readPresentation } from "./read-presentation";

export interface CheckoutPresentation {
  /** Why the request may not be sold (in the buyer's terms), or null. */
  refusal(request: { game_id?: number; voucher_id?: number }): Promise<string | null>;
  /** The service as the shop sells it: the owner's top-up range included. */
  product(service: Service): Product;
}

const GONE = "This product is no longer sold here; nothing was charged.";

export async function checkoutPresentation(
  deps: UpstreamCacheDeps & { presentation?: PresentationSettings },
  services: readonly Service[],
): Promise<CheckoutPresentation> {
  const view = await readPresentation(deps, services.map((s) => s.id));
  return {
    async refusal({ game_id: gameId, voucher_id: voucherId }) {
      if (gameId !== undefined) {
        return view.hidden(gameId) || (voucherId !== undefined && view.hiddenVoucher(gameId, voucherId)) ? GONE : null;
      }
      if (voucherId === undefined) return null;
      // Without game_id the voucher's service is not named: look in the hidden services' lists.
      for (const service of services) {
        if (view.hiddenVoucher(service.id, voucherId)) return GONE;
        if (!view.hidden(service.id) || service.type !== "voucher") continue;
        const list = await cachedVouchers(deps, service.id);
        if (list.ok && list.value.value.kind === "vouchers" && list.value.value.vouchers.some((v) => v.voucher_id === voucherId)) return GONE;
      }
      return null;
    },
    product: (service) => presentProduct(toProduct(service), view) ?? toProduct(service),
  };
}
