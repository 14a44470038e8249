// The client's country as the platform in front of the shop saw it, only where the deployment
// trusts that platform's headers (the same trust as the client's address, lib/config/
// client-ip-trust.ts): Vercel's edge writes x-vercel-ip-country, Cloudflare's proxy writes
// cf-ipcountry, each over whatever the client sent. Trusting no header, there is no country.
import type { ClientIpTrust } from "@/lib/config/client-ip-trust";

const PROXY_HEADERS = ["cf-ipcountry", "x-vercel-ip-country"];
const PLATFORM_HEADERS = ["x-vercel-ip-country"];

export function clientCountry(headers: Headers, trust: ClientIpTrust): string | null {
  const names = trust.kind === "platform_headers" ? PLATFORM_HEADERS : trust.kind === "proxy_hops" ? PROXY_HEADERS : [];
  const value = names.map((name) => headers.get(name)).find((found) => found !== null)?.trim().toUpperCase();
  // "XX" and "T1" are Cloudflare's "unknown" and Tor: not a country to block or allow by.
  return value && /^[A-Z]{2}$/.test(value) && value !== "XX" && value !== "T1" ? value : null;
}
