// The client's address under this deployment's TRUSTED_PROXY_HOPS (or Vercel's own headers):
// the one reading behind every per-address limit and every audit row's address.
import { clientIpTrust, type ClientIpTrust } from "@/lib/config/client-ip-trust";
import { env } from "@/lib/config/env";
import { clientIp } from "@/lib/rate-limit/client-ip";

/** Read at each use, so the setting is read at start, not at build. */
export function shopClientIpTrust(): ClientIpTrust {
  return clientIpTrust(env());
}

export function shopClientIp(headers: Headers): string {
  return clientIp(headers, shopClientIpTrust());
}
