// GET /admin/sign-in – the one page of the admin open to everyone. In a demo without an owner
// in the settings it shows the demo owner's credentials (they are in the README too); after a
// password change, why the session ended; and always how long a session lasts.
import { getTranslations } from "next-intl/server";
import { SignInForm } from "@/app/_components/admin/sign-in-form";
import { DEMO_OWNER } from "@/lib/auth/admin-settings";
import { shopFirstOwner } from "@/lib/shop/auth";
import { SESSION_MAX_AGE_S } from "@/lib/auth/auth-config";
import { PASSWORD_CHANGED_NOTICE } from "@/lib/auth/change-password";
import { publicAdminPage } from "@/lib/shop/admin-guard";

type Props = { searchParams: Promise<{ callbackUrl?: string; notice?: string }> };

export default publicAdminPage("the sign-in form itself", async ({ searchParams }: Props) => {
  const t = await getTranslations("admin.signIn");
  const { callbackUrl, notice } = await searchParams;
  // Only a path of the admin: never an address on another site.
  const back = typeof callbackUrl === "string" && /^\/admin(\/[\w/-]*)?$/.test(callbackUrl) ? callbackUrl : "/admin";
  const owner = await shopFirstOwner();
  return (
    <>
      <h1>{t("title")}</h1>
      {notice === PASSWORD_CHANGED_NOTICE && (
        <p className="notice" role="status">
          {t("passwordChanged")}
        </p>
      )}
      {owner?.demo && (
        <p className="notice">
          {t("demo", { email: DEMO_OWNER.email, password: DEMO_OWNER.password })}
        </p>
      )}
      <SignInForm callbackUrl={back} />
      <p>{t("sessionLength", { hours: SESSION_MAX_AGE_S / 3600 })}</p>
    </>
  );
});
