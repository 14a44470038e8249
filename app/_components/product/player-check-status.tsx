"use client";
import { lazy, Suspense } from "react";
import type { AccountValues } from "@/lib/catalog/account-rules";
import type { PlayerCheckState } from "./use-player-check";
import styles from "./product.module.css";

// The check's words load once there is something to say (most products have no player check,
// and no buyer needs them before typing an account): not with the page (issue 17). The live
// region itself is there from the start, so that screen readers announce what appears in it.
const CheckMessage = lazy(() => import("./check-message").then((module) => ({ default: module.CheckMessage })));

/** The player check's answer, announced politely as it changes. */
export function PlayerCheckStatus({ state, account }: { state: PlayerCheckState; account: AccountValues }) {
  return (
    <div className={styles.check} aria-live="polite" aria-atomic="true">
      {state.status === "idle" ? null : (
        <Suspense fallback={null}>
          <CheckMessage state={state} account={account} />
        </Suspense>
      )}
    </div>
  );
}
