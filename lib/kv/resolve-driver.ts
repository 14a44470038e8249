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

/** Variables a serverless host sets on its functions (read from process.env, not the app's schema). */
export interface HostEnv {
  VERCEL?: string;
  AWS_LAMBDA_FUNCTION_NAME?: string;
}

/**
 * On a serverless host every function instance has its own throw-away disk, so the embedded
 * store would silently keep orders and locks where no other instance (and no later request)
 * can see them. There the start fails instead, naming what to set.
 */
export function isServerlessHost(host: HostEnv): boolean {
  return Boolean(host.VERCEL || host.AWS_LAMBDA_FUNCTION_NAME);
}

export function resolveKvDriver(env: KvEnv, host: HostEnv = {}): KvDriverConfig {
  const prefix = env.KV_PREFIX;
  const rest =
    restPair(env.KV_REST_API_URL, env.KV_REST_API_TOKEN, "KV_REST_API_URL", "KV_REST_API_TOKEN") ??
    restPair(env.UPSTASH_REDIS_REST_URL, env.UPSTASH_REDIS_REST_TOKEN, "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN");
  if (rest) return { driver: "upstash", ...rest, prefix };
  if (env.REDIS_URL) return { driver: "redis", url: env.REDIS_URL, prefix };
  if (isServerlessHost(host)) {
    throw new ConfigError(
      "Invalid configuration:\n  a serverless host needs a shared KV store: set KV_REST_API_URL and KV_REST_API_TOKEN " +
        "(or UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN), or REDIS_URL; the embedded store " +
        "(KV_DATA_DIR) would write to a disk that is neither kept nor shared between instances",
    );
  }
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
