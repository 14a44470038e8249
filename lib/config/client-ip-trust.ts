// Which of a request's headers the deployment vouches for (lib/rate-limit/client-ip.ts reads
// the address from them): TRUSTED_PROXY_HOPS proxies appending to X-Forwarded-For, or, unset on
// Vercel, the platform's own headers, which its edge overwrites. Part of the configuration so
// that the start check can say when nothing is trusted.
import type { Env } from "./env";

const VERCEL_HEADERS = ["x-vercel-forwarded-for", "x-real-ip"];

export type ClientIpTrust = { kind: "proxy_hops"; hops: number } | { kind: "platform_headers"; headers: string[] } | { kind: "none" };

export function clientIpTrust(config: Pick<Env, "TRUSTED_PROXY_HOPS" | "VERCEL">): ClientIpTrust {
  const hops = config.TRUSTED_PROXY_HOPS;
  if (hops !== undefined) return hops > 0 ? { kind: "proxy_hops", hops } : { kind: "none" };
  return config.VERCEL ? { kind: "platform_headers", headers: VERCEL_HEADERS } : { kind: "none" };
}
