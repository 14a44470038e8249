// GET /admin/security – the signed-in person's second factor (TOTP, enrolled with a QR code
// drawn on the server) and their sessions.
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { AdminForm } from "@/app/_components/admin/admin-form";
import styles from "@/app/_components/admin/admin.module.css";
import { adminPage } from "@/lib/auth/guard/admin-guard";
import { pendingTotp, recoveryCodesLeft, totpEnabled } from "@/lib/auth/totp";
import { shopTotpVault } from "@/lib/auth/totp-vault";
import { getKv } from "@/lib/kv/get-kv";
import { confirmEnrolment, disableSecondFactor, signOutEverywhere, startEnrolment } from "./actions";

export default adminPage("staff", async (_props: object, admin) => {
  const t = await getTranslations("admin.security");
  const kv = await getKv();
  const [enabled, pending, left] = await Promise.all([totpEnabled(kv, admin.email), pendingTotp({ kv, vault: await shopTotpVault(kv) }, admin.email), recoveryCodesLeft(kv, admin.email)]);
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
      <h2>{t("twoFactor")}</h2>
      {enabled ? (
        <>
          <p>{t("enabled", { left })}</p>
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
          <p>{t("disabled")}</p>
          <AdminForm action={startEnrolment} schema="none" submit={t("start")} />
        </>
      )}
      <h2>{t("sessions")}</h2>
      <p>{t("sessionsHelp")}</p>
      <AdminForm action={signOutEverywhere} schema="none" submit={t("signOutEverywhere")} danger />
    </>
  );
});
