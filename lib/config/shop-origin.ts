// Two ways to name the shop. Buyers follow links to the public origin (SHOP_URL; on a serverless
// host without it, the host's production address; a local demo is this machine). The embedded
// sandboxes call the shop's webhooks over loopback where the shop runs as one server, which works
// behind any proxy and never leaves the machine; on a serverless host nothing listens on
// localhost, so they call the public origin, as Stripe and a partner would.
import { env, type Env } from "./env";

export function publicOriginOf(config: Env): string {
  if (config.SHOP_URL) return config.SHOP_URL;
  if (config.VERCEL && config.VERCEL_PROJECT_PRODUCTION_URL) return `https://${config.VERCEL_PROJECT_PRODUCTION_URL}`;
  return `http://localhost:${config.PORT}`;
}

/** Where the shop's own embedded sandboxes send their webhooks and notifications. */
export function selfCallOriginOf(config: Env): string {
  return config.VERCEL ? publicOriginOf(config) : `http://localhost:${config.PORT}`;
}

export function publicOrigin(): string {
  return publicOriginOf(env());
}

export function selfCallOrigin(): string {
  return selfCallOriginOf(env());
}
