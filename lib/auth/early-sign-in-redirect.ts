// proxy.ts sends a visitor with no session cookie at all straight to the sign-in page, saving
// the render of a page that would refuse them anyway. Only a shortcut: the pages' own guard
// (guard/admin-guard.ts) is the check, since a cookie may be present and still be no session.
const OPEN = ["/admin/sign-in", "/admin/invite"];
/** @auth/core's session cookie, with its name on https, and its chunks when it grows large. */
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

export function earlySignInRedirect(path: string, cookieNames: string[]): string | null {
  const admin = path === "/admin" || path.startsWith("/admin/");
  if (!admin || OPEN.some((open) => path === open || path.startsWith(`${open}/`))) return null;
  if (cookieNames.some((name) => SESSION_COOKIE.test(name))) return null;
  return `/admin/sign-in?callbackUrl=${encodeURIComponent(path)}`;
}
