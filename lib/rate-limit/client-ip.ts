// Who is asking, for per-client limits. Trust: the first `x-forwarded-for` entry is only as
// honest as the proxy in front of the app. Vercel (and most hosting proxies) overwrite the
// header with the address they saw, so there it is the client's; an app reachable directly
// lets a caller pick any value, and then a limit per IP is only a limit per claimed IP.
const UNKNOWN = "unknown";

/** The client's address from the proxy headers, or "unknown" (all such callers share a limit). */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const candidate = forwarded || headers.get("x-real-ip")?.trim();
  // Bounded and reduced to address characters: the value becomes part of a KV key.
  return candidate && /^[0-9A-Za-z.:_%-]{1,64}$/.test(candidate) ? candidate : UNKNOWN;
}
