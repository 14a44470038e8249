import type { PlayerCheckOutcome } from "@/lib/catalog/types";
import { ERROR_STATUS } from "@/lib/http/error-status";
import { readErrorBody } from "@/lib/http/read-error-body";
import { PLAYER_CHECK_UNREACHABLE as UNREACHABLE } from "./use-player-check";

/** Asks our /api/player-check; a network failure is "unavailable", which never blocks a buyer. */
export async function fetchPlayerCheck(
  productId: number,
  voucherId: number | null,
  account: string,
  signal: AbortSignal,
): Promise<PlayerCheckOutcome> {
  const query = new URLSearchParams({ product: String(productId), voucher: voucherId === null ? "" : String(voucherId), account });
  try {
    const response = await fetch(`/api/player-check?${query}`, { signal, headers: { Accept: "application/json" } });
    if (response.status === 429) return rateLimited(response.headers.get("retry-after"));
    const body: unknown = await response.json();
    if (response.ok) return isOutcome(body) ? body : UNREACHABLE;
    return refusal(body);
  } catch (error) {
    if (signal.aborted) throw error;
    return UNREACHABLE;
  }
}

/**
 * The route refused the check (the account does not fit the form, no such product): the buyer
 * sees why. A failure on our side is "unavailable", which never blocks a purchase.
 */
function refusal(body: unknown): PlayerCheckOutcome {
  const problem = readErrorBody(body);
  if (!problem || ERROR_STATUS[problem.error] >= 500) return UNREACHABLE;
  return { status: "invalid", message: problem.message };
}

/** Our own rate limit (lib/rate-limit): say when to try again rather than "unreachable". */
function rateLimited(retryAfter: string | null): PlayerCheckOutcome {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  const when = seconds === null ? "in a minute" : `in ${seconds} s`;
  return { status: "unavailable", message: `Too many checks just now; try again ${when}.`, retryAfterSeconds: seconds };
}

function isOutcome(body: unknown): body is PlayerCheckOutcome {
  if (typeof body !== "object" || body === null || !("status" in body)) return false;
  return ["found", "not_found", "wrong_region", "unavailable", "invalid"].includes(String(body.status));
}
