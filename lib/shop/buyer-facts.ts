// The buyer's request as the deployment vouches for it, kept on the order at checkout: the
// client address (the same one rate limits count), the country the platform's edge wrote for it
// (Vercel's x-vercel-ip-country; CF-IPCountry behind a trusted proxy such as Cloudflare), and
// the user agent. With no trusted proxy nothing is believed: the country stays unknown, and
// screening compares card and IP country only where both are known.
import { clientIpTrust } from "@/lib/config/client-ip-trust";
import { env } from "@/lib/config/env";
import type { BuyerFacts } from "@/lib/checkout/fraud-facts";
import { clientIp } from "@/lib/rate-limit/client-ip";

export function buyerFacts(request: Request): BuyerFacts {
  const trust = clientIpTrust(env());
  const ip = clientIp(request.headers, trust);
  const header = trust.kind === "platform_headers" ? "x-vercel-ip-country" : trust.kind === "proxy_hops" ? "cf-ipcountry" : null;
  const country = header ? (request.headers.get(header) ?? "").trim().toUpperCase() : "";
  return {
    ip: ip === "unknown" ? null : ip,
    // "XX" and "T1" are Cloudflare's unknown and Tor: no country.
    country: /^[A-Z]{2}$/.test(country) && country !== "XX" ? country : null,
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
  };
}
