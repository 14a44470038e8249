import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import createNextIntlPlugin from "next-intl/plugin";
import { PHASE_PRODUCTION_SERVER } from "next/constants.js";
import { storefrontRewrites } from "./lib/shop/storefront-routes.mjs";

// Next imports its cache handler with Node's own loader, outside the bundle, where neither
// TypeScript nor our "@/" paths load. The handler and the KV drivers it shares with the shop are
// bundled to one plain module when the shop is built (or run in development), so the running
// server loads no TypeScript loader: one registered as Node's module hooks put itself in front
// of every dynamic import, and Next makes one per request (docs/architecture-decisions.md 88).
const handlerSource = fileURLToPath(new URL("./lib/next-cache/kv-cache-handler.ts", import.meta.url));
const handlerDir = fileURLToPath(new URL("./lib/next-cache/built", import.meta.url));

function bundleCacheHandler() {
  // Chunk names carry their content's hash: without a clean folder, every change would leave the
  // old chunks beside the new ones, and the file tracer would ship them all.
  rmSync(handlerDir, { recursive: true, force: true });
  buildSync({
    entryPoints: { "kv-cache-handler": handlerSource },
    outdir: handlerDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // Everything it loads is in the bundle, so nothing escapes the file tracer, but lmdb: a
    // native addon, loaded from node_modules as the shop's own embedded store loads it. Each KV
    // driver is a chunk of its own, loaded by the dynamic import that chooses it: in one file,
    // esbuild hoists every package import to the top, and lmdb loads its addon on import, on a
    // machine configured for Redis or Upstash too.
    external: ["lmdb"],
    splitting: true,
    // ioredis is CommonJS and requires Node's own modules, which an ES module has no `require` for.
    banner: { js: 'import { createRequire as __shopCreateRequire } from "node:module"; const require = __shopCreateRequire(import.meta.url);' },
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
  });
}

// `vercel build` sets VERCEL while it builds, as the host does for its functions. There the
// platform keeps the pages: its ISR cache is shared by every function instance, and the
// owner's saves reach it through revalidateTag / updateTag, which Next on the host forwards to
// the platform. Our KV cache handler would stand in front of that cache, keep every page a
// second time in KV and leave the platform's copy to expire on its own time (s-maxage), so it is
// used only under `next start` (docs/architecture-decisions.md 130).
const onServerlessHost = Boolean(process.env.VERCEL);

// No page of the shop may be framed by another site: a framed admin is clicked through its
// buttons by a page laid over it (clickjacking). `frame-ancestors` says so to browsers that
// read CSP, X-Frame-Options to older ones; nothing frames the storefront either (the payment
// pages are Stripe's or the sandbox's own, reached by redirect). The admin's pages get a whole
// policy. Without nonces, as Next's guide shows: a nonce needs a proxy round per request and
// makes every page dynamic, and the admin sends no third-party script, so 'unsafe-inline' for
// Next's own inline scripts costs little next to 'self' for everything else. The QR code of a
// second factor is a data: image. Next's development server evaluates code for hot reload.
const NO_FRAMING = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
];

function adminPolicy() {
  const scripts = process.env.NODE_ENV === "development" ? "'self' 'unsafe-inline' 'unsafe-eval'" : "'self' 'unsafe-inline'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A self-contained server in .next/standalone (server.js and the node_modules it loads) for
  // the Dockerfile and any machine without the repository; tests/standalone checks a copy runs.
  output: "standalone",
  reactStrictMode: true,
  // npm test type-checks the whole project with tsc before it builds anything; the extra build
  // its host-build test makes (tests/support/host/vercel-build.ts) need not check it again.
  typescript: { ignoreBuildErrors: process.env.SHOP_BUILD_SKIP_TYPECHECK === "1" },
  poweredByHeader: false,
  generateEtags: false,
  // Native and Node-only drivers stay out of the bundle and load at run time.
  serverExternalPackages: ["lmdb", "ioredis"],
  // Under `next start`, pages and unstable_cache data live in the shop's KV, shared by every
  // instance on the store, so a tag invalidated on one is a miss on all (lib/next-cache,
  // docs/architecture-decisions.md 75). No copy in each instance's memory: it would serve an
  // invalidated page on the others. On the serverless host the platform's cache does this.
  ...(onServerlessHost
    ? {}
    : {
        cacheHandler: fileURLToPath(new URL("./lib/next-cache/cache-handler.mjs", import.meta.url)),
        cacheMaxMemorySize: 0,
        // The handler loads its bundle with an import the bundler is told to leave alone, so the
        // file tracer does not see it either: name the bundle and its chunks for every route.
        // lmdb finds its native addon by a computed name the tracer cannot follow: without both,
        // the standalone server answers every page 500.
        outputFileTracingIncludes: { "/**": ["./lib/next-cache/built/**", "./node_modules/@lmdb/**/*"] },
      }),
  // A plain view of the catalogue or a product page goes to its page without proxy.ts, which
  // Next's router matches on the request alone (docs/architecture-decisions.md 237).
  async rewrites() {
    return { beforeFiles: storefrontRewrites(), afterFiles: [], fallback: [] };
  },
  async headers() {
    const admin = [{ key: "X-Frame-Options", value: "DENY" }, { key: "Content-Security-Policy", value: adminPolicy() }];
    // A later rule's header replaces an earlier one's: the admin's policy wins on its pages,
    // under /admin and under the language prefix the proxy rewrites them to.
    return [
      { source: "/:path*", headers: NO_FRAMING },
      { source: "/admin/:path*", headers: admin },
      { source: "/:locale([a-z]{2})/admin/:path*", headers: admin },
    ];
  },
};

// The storefront's languages: next-intl reads its per-request configuration from here.
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

export default function config(phase) {
  // `next start` runs what the build bundled: build once, start anywhere.
  if (phase !== PHASE_PRODUCTION_SERVER && !onServerlessHost) bundleCacheHandler();
  return withNextIntl(nextConfig);
}
