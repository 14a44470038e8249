// Cross-site request forgery guard for routes that change state. Browsers say where a request
// comes from (Origin on every POST, Sec-Fetch-Site on modern ones); a page on another site
// cannot forge either. A request with neither comes from a program (curl, a server), which a
// forging page cannot drive, so it passes: the checkout API is meant for programs too.
export type SameOriginVerdict = { ok: true } | { ok: false; message: string };

/**
 * `allowed` lists origins the shop is reached at (its public origin); the request's own Host
 * is accepted as well, so a shop behind a proxy or on a preview address works unconfigured.
 */
export function checkSameOrigin(headers: Headers, allowed: readonly string[]): SameOriginVerdict {
  const site = headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return { ok: false, message: `cross-origin request refused (Sec-Fetch-Site: ${site})` };
  const origin = headers.get("origin");
  if (origin === null) return { ok: true };
  const hosts = [headers.get("x-forwarded-host"), headers.get("host")].filter((h): h is string => Boolean(h));
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return { ok: false, message: `cross-origin request refused (Origin: ${origin.slice(0, 100)})` };
  }
  if (allowed.includes(origin) || hosts.includes(host)) return { ok: true };
  return { ok: false, message: `cross-origin request refused (Origin: ${origin.slice(0, 100)})` };
}
