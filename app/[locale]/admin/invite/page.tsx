// GET /admin/invite?token=… – where an invitation email leads: the invitee chooses a password.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { AdminForm } from "@/app/_components/admin/admin-form";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/forms";
import { publicAdminPage } from "@/lib/shop/admin-guard";
import { readInvite } from "@/lib/auth/invites";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { acceptInvitation } from "./actions";

type Props = { searchParams: Promise<{ token?: string }> };

export default publicAdminPage("an invitee has no session yet; the token is the check", async ({ searchParams }: Props) => {
  const t = await getTranslations("admin.invite");
  const { token } = await searchParams;
  const invite = typeof token === "string" ? await readInvite(await getKv(), systemClock, token) : null;
  return (
    <>
      <h1>{t("title")}</h1>
      {invite && token ? (
        <>
          <p>{t("welcome", { email: invite.email })}</p>
          <AdminForm action={acceptInvitation} schema="acceptInvite" submit={t("submit")}>
            <input type="hidden" name="token" value={token} />
            <label>
              {t("password", { min: MIN_PASSWORD_LENGTH })}
              <input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required />
            </label>
            <label>
              {t("confirm")}
              <input name="confirm" type="password" autoComplete="new-password" required />
            </label>
          </AdminForm>
        </>
      ) : (
        <p className="notice">{t("unusable")}</p>
      )}
      <p>
        <Link href="/admin/sign-in">{t("signIn")}</Link>
      </p>
    </>
  );
});
