// node bench/routing-cost.mjs – the CPU Next's router server spends routing one request of the
// build in .next, before any page code runs (docs/architecture-decisions.md 254): Next's own
// resolveRoutes, set up as `next start` sets it up (the build's rewrites and proxy matcher), called
// ROUTES_N (20000) times per request shape in one process, with nothing else running in it. A
// CPU profile under load (244) cannot tell this apart from the machine's load: its samples carry
// the wall time the process waited for a core. Then the route module's own pass over the same
// rewrites, which Next makes again in every page view's `prepare` after the router has routed it
// (server-utils' getServerUtils and handleRewrites: each rule's source compiled anew, the matching
// one's has / missing and destination worked out again), with the build's rewrites and with none,
// so that the difference is what our rules cost there (docs/architecture-decisions.md 273). Reads Next's internals (next/dist), so it may need
// a change when Next changes them. A plain JavaScript module: it loads the built server's files
// with Node's own loader, as `next start` does.
import { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { Socket } from "node:net";

const require = createRequire(import.meta.url);
const N = Number(process.env.ROUTES_N ?? 20000);
const dir = process.cwd();

const loadConfig = require("next/dist/server/config").default;
const { PHASE_PRODUCTION_SERVER } = require("next/dist/shared/lib/constants");
const { setupFsCheck } = require("next/dist/server/lib/router-utils/filesystem");
const { getResolveRoutes } = require("next/dist/server/lib/router-utils/resolve-routes");
const { getServerUtils } = require("next/dist/server/server-utils");
const { parseReqUrl } = require("next/dist/lib/url");
const { isDynamicRoute } = require("next/dist/shared/lib/router/utils/is-dynamic");

const ENGLISH = { "accept-language": "en-US,en;q=0.9" };
// Each is routed without proxy.ts: a plain view of a page Next rewrites, and a file the proxy's
// matcher leaves out and no rewrite takes (what a page the framework serves itself costs to route).
const REQUESTS = [
  ["/", ENGLISH],
  ["/", { ...ENGLISH, cookie: "NEXT_LOCALE=en" }],
  ["/zh", {}],
  ["/products/432/starfall-legends-crystals", ENGLISH],
  ["/icon.svg", {}],
];

const config = await loadConfig(PHASE_PRODUCTION_SERVER, dir, { silent: true });
const fsChecker = await setupFsCheck({ dev: false, dir, config, minimalMode: false });
// No render server: a request the proxy would take fails here instead of running it.
const resolveRoutes = getResolveRoutes(fsChecker, config, () => "", { dir, port: 3000, hostname: "localhost", dev: false, minimalMode: false }, {}, {}, undefined);

function route(url, headers) {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  req.method = "GET";
  req.headers = { host: "localhost:3000", ...headers };
  return resolveRoutes({ req, res: new ServerResponse(req), isUpgradeReq: false, invokedOutputs: new Set() });
}

for (const [url, headers] of REQUESTS) {
  const { parsedUrl, matchedOutput } = await route(url, headers);
  for (let i = 0; i < 2000; i++) await route(url, headers);
  const before = process.cpuUsage();
  for (let i = 0; i < N; i++) await route(url, headers);
  const cpu = process.cpuUsage(before);
  const label = `${url} ${headers.cookie ?? ""}`.trim();
  console.log(`${label.padEnd(48)} → ${`${parsedUrl.pathname} (${matchedOutput?.type})`.padEnd(56)} ${((cpu.user + cpu.system) / N).toFixed(1)} µs CPU`);
}

// The route module's pass, per page view the router rewrote: the page it renders, the request as sent.
const { rewrites } = require(`${dir}/.next/routes-manifest.json`);
const NO_REWRITES = { beforeFiles: [], afterFiles: [], fallback: [] };
const CATALOGUE = "/[locale]/by-upstream/[upstream]";
const PAGES = [
  ["/", ENGLISH, CATALOGUE],
  ["/zh", {}, CATALOGUE],
  ["/products/432/starfall-legends-crystals", ENGLISH, `${CATALOGUE}/products/[id]/[slug]`],
];
for (const [url, headers, page] of PAGES) {
  const cpu = {};
  for (const [name, rules] of [["ours", rewrites], ["none", NO_REWRITES]]) {
    const req = { url, method: "GET", headers: { host: "localhost:3000", ...headers } };
    const pass = () =>
      getServerUtils({ page, i18n: undefined, basePath: "", rewrites: rules, pageIsDynamic: isDynamicRoute(page), trailingSlash: false, caseSensitive: false }).handleRewrites(req, parseReqUrl(url));
    for (let i = 0; i < 2000; i++) pass();
    const before = process.cpuUsage();
    for (let i = 0; i < N; i++) pass();
    const used = process.cpuUsage(before);
    cpu[name] = (used.user + used.system) / N;
  }
  const label = `route module's pass, ${url}`;
  console.log(`${label.padEnd(48)} ${cpu.ours.toFixed(1)} µs CPU with our ${rewrites.beforeFiles.length} rewrites, ${cpu.none.toFixed(1)} µs with none`);
}
