// The player check as the storefront runs it: the shop's partner client, in test mode when the
// shop sends every order with test=1.
import { checkPlayerWith } from "@/lib/catalog/check-player";
import type { PlayerCheckOutcome } from "@/lib/catalog/types";
import { env } from "@/lib/config/env";
import { catalogDeps } from "./catalog-deps";

export async function checkPlayer(productId: number, account: string): Promise<PlayerCheckOutcome> {
  return checkPlayerWith(await catalogDeps(), { productId, account, test: env().PARTNER_TEST_MODE });
}
