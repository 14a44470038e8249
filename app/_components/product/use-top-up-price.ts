"use client";
// Prices a valid typed amount on the server once the buyer stops typing. Each answer is kept
// with the amount it was for, so a price for an older amount is never shown against a newer one.
import { useEffect, useState } from "react";
import type { TopUpPriceOutcome } from "./fetch-top-up-price";

// The call and the reading of its answer load with the first amount to price, not with the
// page (issue 17); the debounce covers the wait.
const loadFetch = () => import("./fetch-top-up-price");

export const TOP_UP_PRICE_DELAY_MS = 250;

export type TopUpPriceState = { status: "idle" } | { status: "pricing" } | { status: "done"; outcome: TopUpPriceOutcome };

type Stored = { key: string; state: TopUpPriceState };

/** `amountText` is null while the amount is empty or invalid: nothing is asked then. */
export function useTopUpPrice(productId: number, amountText: string | null): TopUpPriceState {
  const [stored, setStored] = useState<Stored | null>(null);
  const key = amountText === null ? null : `${productId}\u0000${amountText}`;

  useEffect(() => {
    if (key === null || amountText === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadFetch()
        .then(({ fetchTopUpPrice }) => fetchTopUpPrice(productId, amountText, controller.signal))
        .then(
          (outcome) => setStored({ key, state: { status: "done", outcome } }),
          () => {
            // Aborted: a newer amount is being priced. Otherwise the code itself could not be
            // loaded, the network being gone: as when the server cannot be reached.
            if (!controller.signal.aborted) setStored({ key, state: { status: "done", outcome: { ok: false, problem: { code: "unreachable" } } } });
          },
        );
    }, TOP_UP_PRICE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, productId, amountText]);

  if (key === null) return { status: "idle" };
  return stored?.key === key ? stored.state : { status: "pricing" };
}
