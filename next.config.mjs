import createNextIntlPlugin from "next-intl/plugin";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only drivers stay out of the bundle and load at run time.
  serverExternalPackages: ["lmdb", "ioredis"],
};

// The storefront's languages: next-intl reads its per-request configuration from here.
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

export default withNextIntl(nextConfig);
