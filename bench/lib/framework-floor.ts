// The framework floor (bench/framework-floor): an empty App Router page and a bare checkout-like
// route, built with the same next and react as the shop and started as npm start starts it, so
// the bench can say what our pages and our checkout add over what Next itself takes here:
//  • first-load JS of the empty page (what our pages add over it has a goal);
//  • with `speed`: the empty page's requests/s over its own static file under the bench's load
//    (no page served by Next can beat that ratio on this machine), and the mean time of POSTs
//    one at a time to a route that reads the body and makes two calls to a bare HTTP server
//    (Next's and Node's part of any checkout, the floor under our own time).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { spawnServer } from "../../tests/support/spawn-server";
import { firstLoadJs } from "./first-load-js";
import { load, type LoadResult } from "./load";
import { npmStartArgs } from "./npm-start";

const DIR = "bench/framework-floor";
/** The shop's static file of the bench, served from the floor's public/ too (git-ignored there). */
const STATIC = "brands/starfall-legends.svg";
const POSTS = 300;
const WARM_UP_POSTS = 100;

export interface FloorSpeed {
  page: LoadResult;
  static: LoadResult;
  /** Mean wall time of a POST to the floor's checkout route, one at a time, as the bench's buyer sends it. */
  postMs: number;
}

export async function frameworkFloor(
  port: number,
  build: boolean,
  speed?: { seconds: number; connections: number },
): Promise<Awaited<ReturnType<typeof firstLoadJs>> & { speed?: FloorSpeed }> {
  if (build || !existsSync(`${DIR}/.next`)) execFileSync("npx", ["next", "build", DIR], { stdio: "inherit" });
  mkdirSync(`${DIR}/public/brands`, { recursive: true });
  copyFileSync(`public/${STATIC}`, `${DIR}/public/${STATIC}`);
  const upstreamPort = port + 1;
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const bare = speed ? await spawnServer(process.execPath, ["bench/bare-server.mjs"], { url: upstream, env: { PORT: String(upstreamPort) } }) : null;
  const server = await spawnServer(process.execPath, [...npmStartArgs(), DIR, "-p", String(port)], {
    url: `http://127.0.0.1:${port}`,
    env: { NODE_ENV: "production", FLOOR_UPSTREAM: upstream },
  });
  try {
    const js = await firstLoadJs(`${server.url}/`);
    if (!speed) return js;
    const urls = { page: `${server.url}/`, static: `${server.url}/${STATIC}` };
    // Warmed as the shop's pages are: under the same load first.
    for (const url of Object.values(urls)) await load({ url, seconds: 3, connections: speed.connections });
    const page = await load({ url: urls.page, ...speed });
    const staticFile = await load({ url: urls.static, ...speed });
    for (let n = 0; n < WARM_UP_POSTS; n += 1) await postOnce(server.url, n);
    let total = 0;
    for (let n = 0; n < POSTS; n += 1) total += await postOnce(server.url, n);
    return { ...js, speed: { page, static: staticFile, postMs: total / POSTS } };
  } finally {
    await server.stop();
    await bare?.stop();
  }
}

async function postOnce(base: string, n: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ voucher_id: 10101, game_id: 101, email: `floor-${n}@example.com` }),
  });
  await response.text();
  if (response.status !== 201) throw new Error(`the floor's checkout route answered ${response.status}`);
  return performance.now() - started;
}
