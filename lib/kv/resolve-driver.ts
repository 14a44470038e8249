// Which store the environment asks for. REST first: on a serverless host the KV integration
// sets KV_REST_API_*, and a TCP connection per function instance is what it avoids.
import { ConfigError, type Env } from "@/lib/config/env";

export type KvDriverConfig =
  | { driver: "upstash"; url: string; token: string; prefix?: string }
  | { driver: "redis"; url: string; prefix?: string }
  | { driver: "embedded"; dir: string; prefix?: string };

type KvEnv = Pick<
  Env,
  | "KV_REST_API_URL"
  | "KV_REST_API_TOKEN"
  | "UPSTASH_REDIS_REST_URL"
  | "UPSTASH_REDIS_REST_TOKEN"
  | "REDIS_URL"
  | "KV_DATA_DIR"
  | "KV_PREFIX"
>;

export function resolveKvDriver(env: KvEnv): KvDriverConfig {
  const prefix = env.KV_PREFIX;
  const rest =
    restPair(env.KV_REST_API_URL, env.KV_REST_API_TOKEN, "KV_REST_API_URL", "KV_REST_API_TOKEN") ??
    restPair(env.UPSTASH_REDIS_REST_URL, env.UPSTASH_REDIS_REST_TOKEN, "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN");
  if (rest) return { driver: "upstash", ...rest, prefix };
  if (env.REDIS_URL) return { driver: "redis", url: env.REDIS_URL, prefix };
  return { driver: "embedded", dir: env.KV_DATA_DIR, prefix };
}

function restPair(url: string | undefined, token: string | undefined, urlName: string, tokenName: string) {
  if (url && !token) throw new ConfigError(`Invalid configuration:\n  ${tokenName} is required when ${urlName} is set`);
  if (token && !url) throw new ConfigError(`Invalid configuration:\n  ${urlName} is required when ${tokenName} is set`);
  return url && token ? { url, token } : undefined;
}

/** For the start-up log line: where the data lives, without passwords or tokens. */
export function describeKvDriver(config: KvDriverConfig): string {
  if (config.driver === "embedded") return `embedded (${config.dir})`;
  const url = new URL(config.url);
  return `${config.driver} (${url.protocol}//${url.host}${url.pathname === "/" ? "" : url.pathname})`;
}
