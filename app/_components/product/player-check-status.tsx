"use client";
import Link from "next/link";
import type { AccountValues } from "@/lib/catalog/account-form";
import { withCarriedAccount } from "./carried-account";
import { productHref } from "./product-href";
import type { PlayerCheckState } from "./use-player-check";
import styles from "./product.module.css";

/** The player check's answer, announced politely as it changes. */
export function PlayerCheckStatus({ state, account }: { state: PlayerCheckState; account: AccountValues }) {
  return (
    <div className={styles.check} aria-live="polite" aria-atomic="true">
      <CheckMessage state={state} account={account} />
    </div>
  );
}

function CheckMessage({ state, account }: { state: PlayerCheckState; account: AccountValues }) {
  if (state.status === "idle") return null;
  if (state.status === "checking") return <p className={styles.checkPending}>Checking the account…</p>;

  const { outcome } = state;
  switch (outcome.status) {
    case "found":
      return (
        <p className={styles.checkFound}>
          <strong>Player found: {outcome.playerName}</strong>
          {outcome.region ? <span> · Region: {outcome.region}</span> : null}
        </p>
      );
    case "not_found":
      return (
        <p className={styles.checkProblem}>
          <strong>We could not find this player.</strong> Check the ID on your in-game profile and try again.
        </p>
      );
    case "wrong_region":
      return (
        <p className={styles.checkProblem}>
          <strong>This account plays in another region, so this product cannot top it up.</strong>{" "}
          {outcome.recommended ? (
            <Link href={withCarriedAccount(productHref(outcome.recommended), account)}>Buy {outcome.recommended.name} instead</Link>
          ) : null}
        </p>
      );
    case "unavailable":
      return (
        <p className={styles.checkUnavailable}>
          The player check is unavailable right now, so we cannot confirm the account. You can still continue; please
          double-check what you typed.
        </p>
      );
    case "invalid":
      return <p className={styles.checkProblem}>{outcome.message}</p>;
  }
}
