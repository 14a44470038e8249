import { fileURLToPath } from "node:url";
import createNextIntlPlugin from "next-intl/plugin";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only drivers stay out of the bundle and load at run time.
  serverExternalPackages: ["lmdb", "ioredis"],
  // Pages and unstable_cache data live in the shop's KV, shared by every instance on the store,
  // so a tag invalidated on one is a miss on all (lib/next-cache, docs/decisions.md 75). No
  // copy in each instance's memory: it would serve an invalidated page on the others.
  cacheHandler: fileURLToPath(new URL("./lib/next-cache/cache-handler.mjs", import.meta.url)),
  cacheMaxMemorySize: 0,
};

// The storefront's languages: next-intl reads its per-request configuration from here.
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

export default withNextIntl(nextConfig);
