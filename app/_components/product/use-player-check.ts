"use client";
// Checks the account once the buyer stops typing. Each result is kept with the account it was
// for, so an answer for an older value is never shown against a newer one.
import { useEffect, useState } from "react";
import type { PlayerCheckOutcome } from "@/lib/catalog/types";

// The call and the reading of its answer load with the first check (most buyers of most
// products never need one), not with the page (issue 17); the debounce covers the wait.
const loadFetch = () => import("./fetch-player-check");

/** No answer (the network, or our side, failed): "unavailable", which never blocks a buyer. */
export const PLAYER_CHECK_UNREACHABLE: PlayerCheckOutcome = {
  status: "unavailable",
  message: "We could not reach the player check just now.",
};

export const PLAYER_CHECK_DELAY_MS = 500;

export type PlayerCheckState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "done"; outcome: PlayerCheckOutcome };

type Stored = { key: string; state: PlayerCheckState };

export function usePlayerCheck(productId: number, voucherId: number | null, account: string | null, enabled: boolean): PlayerCheckState {
  const [stored, setStored] = useState<Stored | null>(null);
  const key = enabled && account !== null ? `${voucherId ?? ""}\u0000${account}` : null;

  useEffect(() => {
    if (key === null || account === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStored({ key, state: { status: "checking" } });
      loadFetch()
        .then(({ fetchPlayerCheck }) => fetchPlayerCheck(productId, voucherId, account, controller.signal))
        .then(
          (outcome) => setStored({ key, state: { status: "done", outcome } }),
          () => {
            // Aborted: a newer value is being checked. Otherwise the code itself could not be
            // loaded, the network being gone.
            if (!controller.signal.aborted) setStored({ key, state: { status: "done", outcome: PLAYER_CHECK_UNREACHABLE } });
          },
        );
    }, PLAYER_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, productId, voucherId, account]);

  if (key === null) return { status: "idle" };
  return stored?.key === key ? stored.state : { status: "checking" };
}
