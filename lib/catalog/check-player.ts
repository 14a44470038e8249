// The player check before a purchase (spec 4.9), in the words a buyer reads. An unavailable
// check never blocks the purchase: the buyer is told and may continue.
import type { CatalogDeps } from "./load-catalog";
import { toProduct } from "./map-service";
import type { PlayerCheckOutcome } from "./types";
import { cachedGamesList } from "./upstream-cache";

const UNAVAILABLE = "The player check is unavailable right now. You can still continue; please double-check the account.";

export async function checkPlayerWith(
  deps: CatalogDeps,
  { productId, account, test }: { productId: number; account: string; test: boolean },
): Promise<PlayerCheckOutcome> {
  const answer = await deps.client.accountCheck({ game_id: productId, account, ...(test ? { test: 1 } : {}) });
  if (!answer.ok) {
    // 400 here means the account itself was refused; everything else is the check's problem.
    if (answer.error.code === 400) return { status: "invalid", message: answer.error.text || "This account was not accepted" };
    return { status: "unavailable", message: UNAVAILABLE };
  }
  const result = answer.value;
  if (result.success) {
    return { status: "found", playerName: result.player_name ?? "Player found", region: result.region ?? null };
  }
  if (result.error_code === "wrong_service_region") {
    const games = await cachedGamesList(deps);
    const service = games.ok ? games.value.value.find((s) => s.id === result.recommended_game_id) : undefined;
    const product = service ? toProduct(service) : undefined;
    return {
      status: "wrong_region",
      message: "This account belongs to another region, so this product cannot top it up.",
      recommended: product ? { id: product.id, name: product.name, slug: product.slug } : null,
    };
  }
  return { status: "not_found", message: result.message || "No player with this account was found." };
}
