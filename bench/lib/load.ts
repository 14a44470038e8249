// One autocannon run, reduced to the figures we report.
import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  seconds?: number;
  connections?: number;
  /** Each request to one of these paths of `url`'s origin, picked at random (buyers spread over a shop). */
  paths?: readonly string[];
}

export async function load({ url, method = "GET", headers, body, seconds = 10, connections = 50, paths }: LoadOptions): Promise<LoadResult> {
  const spread = paths ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)]! }) }] } : {};
  const result = await autocannon({ url, method, headers, body, duration: seconds, connections, pipelining: 1, ...spread });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function formatRow(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${r.p50Ms.toFixed(1).padStart(6)} ms   p99 ${r.p99Ms
    .toFixed(1)
    .padStart(6)} ms${r.non2xx || r.errors ? `   non-2xx ${r.non2xx} errors ${r.errors}` : ""}`;
}
