// GET /admin/security – the signed-in person's password, second factor (TOTP, enrolled with a
// QR code drawn on the server) and sessions. The first owner's password lives in the settings,
// and the demo owner's is public, so neither is changed here (lib/auth/change-password.ts).
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { AdminForm } from "@/app/_components/admin/admin-form";
import styles from "@/app/_components/admin/admin.module.css";
import { shopFirstOwner, shopTotpVault } from "@/lib/shop/auth";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/forms";
import { adminPage } from "@/lib/shop/admin-guard";
import { pendingTotp, recoveryCodesLeft, totpEnabled } from "@/lib/auth/totp";
import { getKv } from "@/lib/kv/get-kv";
import { changePassword, confirmEnrolment, disableSecondFactor, signOutEverywhere, startEnrolment } from "./actions";

export default adminPage("staff", async (_props: object, admin) => {
  const t = await getTranslations("admin.security");
  const kv = await getKv();
  const [enabled, pending, left, owner] = await Promise.all([
    totpEnabled(kv, admin.email),
    pendingTotp({ kv, vault: await shopTotpVault(kv) }, admin.email),
    recoveryCodesLeft(kv, admin.email),
    shopFirstOwner(),
  ]);
  const qr = pending && !enabled ? `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(pending.uri, { type: "svg", margin: 1 })).toString("base64")}` : null;
  const codeInput = (
    <label>
      {t("code")}
      <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
    </label>
  );
  return (
    <>
      <h1>{t("title")}</h1>
      <h2>{t("password")}</h2>
      {owner?.email === admin.email ? (
        <p className="notice">{owner.demo ? t("passwordDemo") : t("passwordFromSettings")}</p>
      ) : (
        <>
          <p>{t("passwordHelp")}</p>
          <AdminForm action={changePassword} schema="changePassword" submit={t("changePassword")}>
            <label>
              {t("currentPassword")}
              <input name="current" type="password" autoComplete="current-password" required />
            </label>
            <label>
              {t("newPassword", { min: MIN_PASSWORD_LENGTH })}
              <input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required />
            </label>
            <label>
              {t("confirmPassword")}
              <input name="confirm" type="password" autoComplete="new-password" required />
            </label>
          </AdminForm>
        </>
      )}
      <h2>{t("twoFactor")}</h2>
      {enabled ? (
        <>
          <p>
            <span className={`${styles.badge} ${styles["badge-good"]}`} data-testid="second-factor-badge">
              {t("on")}
            </span>{" "}
            {t("enabled", { left })}
          </p>
          <AdminForm action={disableSecondFactor} schema="code" submit={t("disable")} danger>
            {codeInput}
          </AdminForm>
        </>
      ) : qr && pending ? (
        <>
          <p>{t("scan")}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server, nothing for the image optimiser to do */}
          <img className={styles.qr} src={qr} alt={t("qrAlt")} />
          <p>
            {t("manual")} <code>{pending.secret}</code>
          </p>
          <AdminForm action={confirmEnrolment} schema="code" submit={t("confirm")}>
            {codeInput}
          </AdminForm>
        </>
      ) : (
        <>
          <p>
            <span className={`${styles.badge} ${styles["badge-ended"]}`} data-testid="second-factor-badge">
              {t("off")}
            </span>{" "}
            {t("disabled")}
          </p>
          <AdminForm action={startEnrolment} schema="none" submit={t("start")} />
        </>
      )}
      <h2>{t("sessions")}</h2>
      <p>{t("sessionsHelp")}</p>
      <AdminForm action={signOutEverywhere} schema="none" submit={t("signOutEverywhere")} danger />
    </>
  );
});
