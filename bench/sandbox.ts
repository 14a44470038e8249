// npm run bench:sandbox – the sandbox over loopback against a bare node:http server that
// answers a fixed JSON body, in the same run: throughput, p50/p99 and the ratio sandbox/bare.
// Servers run in their own processes; autocannon drives them from this one.
import { formatRow, load, type LoadResult } from "./lib/load";
import { spawnServer } from "../tests/support/spawn-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main(): Promise<void> {
  const bare = await spawnServer("node", ["bench/bare-server.mjs"], { url: "http://127.0.0.1:4020", env: { PORT: "4020" } });
  const sandbox = await spawnServer("npx", ["tsx", "scripts/sandbox.ts"], {
    url: "http://127.0.0.1:4011",
    env: { PORT: "4011", NODE_ENV: "production" },
  });
  try {
    const token = await login(sandbox.url);
    const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const order = await firstTestOrder(sandbox.url, auth);
    const payBody = JSON.stringify({ voucher_id: order.voucherId, test: 1 });

    const runs: [string, LoadResult, LoadResult][] = [];
    const infoUrl = `${sandbox.url}/api/get_order_info?order_id=${order.orderId}`;
    runs.push([
      "GET /api/get_order_info",
      await load({ url: infoUrl, headers: auth, seconds: SECONDS, connections: CONNECTIONS }),
      await load({ url: `${bare.url}/api/get_order_info`, seconds: SECONDS, connections: CONNECTIONS }),
    ]);
    runs.push([
      "POST /api/pay test=1",
      await load({ url: `${sandbox.url}/api/pay`, method: "POST", headers: auth, body: payBody, seconds: SECONDS, connections: CONNECTIONS }),
      await load({ url: `${bare.url}/api/pay`, method: "POST", headers: auth, body: payBody, seconds: SECONDS, connections: CONNECTIONS }),
    ]);

    console.log(`\nSandbox vs bare node:http, ${SECONDS}s each, ${CONNECTIONS} connections, loopback\n`);
    for (const [name, sb, bareResult] of runs) {
      console.log(formatRow(`sandbox ${name}`, sb));
      console.log(formatRow(`bare    ${name}`, bareResult));
      const ratio = sb.requestsPerSecond / bareResult.requestsPerSecond;
      console.log(`${"ratio sandbox/bare".padEnd(34)} ${ratio.toFixed(2)} (goal ≥ 0.50)${sb.non2xx ? "  WARNING: sandbox answered non-2xx" : ""}\n`);
    }
  } finally {
    await Promise.all([bare.stop(), sandbox.stop()]);
  }
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: "demo", api_key: "demo-key" }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** A voucher_code voucher of the default fixture, and one test order to read back. */
async function firstTestOrder(baseUrl: string, headers: Record<string, string>): Promise<{ voucherId: number; orderId: string }> {
  const games = (await (await fetch(`${baseUrl}/api/gameslist`, { headers })).json()) as {
    available_games: { id: number; type: string; avalible: boolean }[];
  };
  for (const game of games.available_games.filter((g) => g.type === "voucher" && g.avalible)) {
    const vouchers = (await (await fetch(`${baseUrl}/api/voucher_available?game_id=${game.id}`, { headers })).json()) as {
      available?: { voucher_id: number; avalible: boolean; delivery_method: string }[];
    };
    const voucher = vouchers.available?.find((v) => v.avalible && v.delivery_method === "voucher_code");
    if (!voucher) continue;
    const paid = (await (
      await fetch(`${baseUrl}/api/pay`, { method: "POST", headers, body: JSON.stringify({ voucher_id: voucher.voucher_id, test: 1 }) })
    ).json()) as { order_id?: string; order_status?: number };
    if (!paid.order_id || paid.order_status !== 2) throw new Error(`test order did not succeed: ${JSON.stringify(paid)}`);
    return { voucherId: voucher.voucher_id, orderId: paid.order_id };
  }
  throw new Error("the fixture has no available voucher_code voucher to benchmark with");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
