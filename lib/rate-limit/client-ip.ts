// Who is asking: the one client address behind every per-address limit and every audit row.
// X-Forwarded-For is a list each proxy appends to, so only the entries our own proxies wrote
// can be believed; whatever comes before them the client typed. The deployment says how many
// proxies it runs (TRUSTED_PROXY_HOPS) or, unset on Vercel, the platform's own headers are
// read (its edge overwrites them, a client cannot set them; @vercel/functions' ipAddress()
// reads x-real-ip). With neither, no header is believed: Next's route
// handlers never see the socket, and Next keeps a client's X-Forwarded-For rather than
// writing the socket's address over it, so every caller then shares one "unknown". Which of
// these the deployment vouches for is its setting, read by the composition root
// (lib/shop/client-ip.ts) and passed in.
import type { ClientIpTrust } from "@/lib/config/client-ip-trust";

const UNKNOWN = "unknown";

function candidate(headers: Headers, trust: ClientIpTrust): string | undefined {
  switch (trust.kind) {
    case "proxy_hops": {
      const entries = headers.get("x-forwarded-for")?.split(",") ?? [];
      return entries.length >= trust.hops ? entries[entries.length - trust.hops] : undefined;
    }
    case "platform_headers":
      return trust.headers.map((name) => headers.get(name)).find((value) => value !== null)?.split(",")[0];
    case "none":
      return undefined;
  }
}

/** The client's address as the deployment's trusted proxies saw it, or "unknown" (all such callers share a limit). */
export function clientIp(headers: Headers, trust: ClientIpTrust): string {
  const address = candidate(headers, trust)?.trim();
  // Bounded and reduced to address characters: the value becomes part of a KV key.
  return address && /^[0-9A-Za-z.:_%-]{1,64}$/.test(address) ? address : UNKNOWN;
}
