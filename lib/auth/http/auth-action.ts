// Which of Auth's actions a path names, read the way @auth/core 0.41 reads it
// (parseActionAndProviderId): the segments after the base path with empty ones skipped, so
// /callback//credentials/ is the credentials callback as much as /callback/credentials. The
// route's own checks must match every spelling Auth accepts, or one of them walks around them.
import { AUTH_BASE_PATH } from "../auth-config";

/** "callback", "signout", …; null where Auth would find no action. */
export function authAction(pathname: string): string | null {
  if (!pathname.startsWith(AUTH_BASE_PATH)) return null;
  const [action, , ...rest] = pathname.slice(AUTH_BASE_PATH.length).split("/").filter(Boolean);
  return action === undefined || rest.length > 0 ? null : action;
}
