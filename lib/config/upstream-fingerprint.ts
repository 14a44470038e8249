// A short name for "the upstream this process serves", computed at start from the environment
// (never at build). Every cache of upstream data is keyed by it – Next's page cache, its data
// cache and the KV catalogue – so one build started against different upstreams, or one Redis
// shared by several shops, can never serve one upstream's catalogue for another.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { env, type Env } from "./env";
import { shopMode, type ShopMode } from "./shop-mode";

export function upstreamFingerprint(config: Env, mode: ShopMode, readFixture: (path: string) => string): string {
  const identity =
    mode === "live"
      ? ["live", config.PARTNER_API_URL, config.PARTNER_LOGIN]
      : // The demo's catalogue is its fixture: another fixture file is another upstream.
        ["demo", config.SANDBOX_FIXTURE ? readFixture(config.SANDBOX_FIXTURE) : "bundled"];
  return createHash("sha256").update(JSON.stringify(identity)).digest("base64url").slice(0, 12);
}

let cached: string | undefined;

export function currentUpstream(): string {
  cached ??= upstreamFingerprint(env(), shopMode(), (path) => readFileSync(path, "utf8"));
  return cached;
}
