"use client";
// The player check's answer in words (player-check-status.tsx loads this when there is one).
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { AccountValues } from "@/lib/catalog/account-rules";
import { withCarriedAccount } from "./carried-account";
import { productHref } from "./product-href";
import type { PlayerCheckState } from "./use-player-check";
import styles from "./product.module.css";

export function CheckMessage({ state, account }: { state: PlayerCheckState; account: AccountValues }) {
  const t = useTranslations("check");
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
            <Link href={withCarriedAccount(productHref(outcome.recommended), account)}>{t("buyInstead", { name: outcome.recommended.name })}</Link>
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
