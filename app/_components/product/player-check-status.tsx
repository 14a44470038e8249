"use client";
import type { AccountValues } from "@/lib/catalog/account-rules";
import { useClientLocale, useClientWords } from "../i18n/client-words";
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
  const t = useClientWords("check");
  const locale = useClientLocale();
  if (state.status === "idle") return null;
  if (state.status === "checking") return <p className={styles.checkPending}>{t("checking")}</p>;

  const { outcome } = state;
  switch (outcome.status) {
    case "found":
      return (
        <p className={styles.checkFound}>
          <strong>{t("found", { name: outcome.playerName })}</strong>
          {outcome.region ? <span> · {t("region", { region: outcome.region })}</span> : null}
        </p>
      );
    case "not_found":
      return <p className={styles.checkProblem}>{t.rich("notFound", { strong: (chunks) => <strong>{chunks}</strong> })}</p>;
    case "wrong_region":
      return (
        <p className={styles.checkProblem}>
          <strong>{t("wrongRegion")}</strong>{" "}
          {outcome.recommended ? (
            // A plain link: next/link would add its client code to every product page for it.
            <a href={withCarriedAccount(productHref(outcome.recommended, locale), account)}>{t("buyInstead", { name: outcome.recommended.name })}</a>
          ) : null}
        </p>
      );
    case "unavailable":
      return (
        <p className={styles.checkUnavailable}>
          {outcome.retryAfterSeconds === undefined ? t("unavailable") : t("tooMany", { seconds: outcome.retryAfterSeconds ?? 0 })}
        </p>
      );
    case "invalid":
      // Upstream's own reason (spec account_check), in the words it gave.
      return <p className={styles.checkProblem}>{outcome.message}</p>;
  }
}
