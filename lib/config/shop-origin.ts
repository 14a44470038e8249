// Two ways to name the shop. Buyers follow links to the public origin (SHOP_URL; a local demo
// is this machine). The embedded sandboxes call the shop's webhooks over loopback, which works
// behind any proxy and never leaves the machine.
import { env } from "./env";

export function publicOrigin(): string {
  const config = env();
  return config.SHOP_URL ?? `http://localhost:${config.PORT}`;
}

export function loopbackOrigin(): string {
  return `http://localhost:${env().PORT}`;
}
