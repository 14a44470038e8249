/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only drivers stay out of the bundle and load at run time.
  serverExternalPackages: ["lmdb", "ioredis"],
};

export default nextConfig;
