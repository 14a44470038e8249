// GET /admin/sign-in – the one page of the admin open to everyone. In a demo without an owner
// in the settings it shows the demo owner's credentials (they are in the README too).
import { getTranslations } from "next-intl/server";
import { SignInForm } from "@/app/_components/admin/sign-in-form";
import { firstOwner, DEMO_OWNER } from "@/lib/auth/admin-settings";
import { publicAdminPage } from "@/lib/auth/guard/admin-guard";
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";

type Props = { searchParams: Promise<{ callbackUrl?: string }> };

export default publicAdminPage("the sign-in form itself", async ({ searchParams }: Props) => {
  const t = await getTranslations("admin.signIn");
  const { callbackUrl } = await searchParams;
  // Only a path of the admin: never an address on another site.
  const back = typeof callbackUrl === "string" && /^\/admin(\/[\w/-]*)?$/.test(callbackUrl) ? callbackUrl : "/admin";
  const owner = await firstOwner(env(), shopMode());
  return (
    <>
      <h1>{t("title")}</h1>
      {owner?.demo && (
        <p className="notice">
          {t("demo", { email: DEMO_OWNER.email, password: DEMO_OWNER.password })}
        </p>
      )}
      <SignInForm callbackUrl={back} />
    </>
  );
});
