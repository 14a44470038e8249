"use client";
// Signs out through @auth/core's own endpoint, which clears the session cookie.
import { useTranslations } from "next-intl";
import { authPost } from "./auth-client";

export function SignOutButton() {
  const t = useTranslations("admin.nav");
  async function signOut() {
    await authPost("signout", { callbackUrl: "/admin/sign-in" });
    // A full load, not a client navigation: nothing rendered for the session may stay cached.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/admin/sign-in");
  }
  return (
    <button type="button" className="button-secondary button" onClick={signOut}>
      {t("signOut")}
    </button>
  );
}
