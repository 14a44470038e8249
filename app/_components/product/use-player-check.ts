"use client";
// Checks the account once the buyer stops typing. Each result is kept with the account it was
// for, so an answer for an older value is never shown against a newer one.
import { useEffect, useState } from "react";
import type { PlayerCheckOutcome } from "@/lib/catalog/types";
import { fetchPlayerCheck } from "./fetch-player-check";

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
      fetchPlayerCheck(productId, voucherId, account, controller.signal).then(
        (outcome) => setStored({ key, state: { status: "done", outcome } }),
        () => undefined, // aborted: a newer value is being checked
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
