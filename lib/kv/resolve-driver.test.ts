import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "@/lib/config/env";
import { describeKvDriver, resolveKvDriver } from "./resolve-driver";

const resolve = (vars: Record<string, string>) => resolveKvDriver(parseEnv(vars));

describe("resolveKvDriver", () => {
  it("defaults to the embedded store in ./data/kv", () => {
    expect(resolve({})).toEqual({ driver: "embedded", dir: "./data/kv", prefix: undefined });
    expect(resolve({ KV_DATA_DIR: "/var/shop", KV_PREFIX: "shop1:" })).toEqual({
      driver: "embedded",
      dir: "/var/shop",
      prefix: "shop1:",
    });
  });

  it("prefers REST over TCP, and the host's KV_* names over Upstash's", () => {
    const upstash = { UPSTASH_REDIS_REST_URL: "https://u.example", UPSTASH_REDIS_REST_TOKEN: "ut" };
    const kv = { KV_REST_API_URL: "https://kv.example", KV_REST_API_TOKEN: "kt" };
    const redis = { REDIS_URL: "redis://localhost:6379" };
    expect(resolve(redis)).toMatchObject({ driver: "redis", url: "redis://localhost:6379" });
    expect(resolve({ ...redis, ...upstash })).toMatchObject({ driver: "upstash", url: "https://u.example", token: "ut" });
    expect(resolve({ ...redis, ...upstash, ...kv })).toMatchObject({ driver: "upstash", url: "https://kv.example", token: "kt" });
  });

  it("names the missing half of a REST pair", () => {
    expect(() => resolve({ KV_REST_API_URL: "https://kv.example" })).toThrow(ConfigError);
    expect(() => resolve({ KV_REST_API_URL: "https://kv.example" })).toThrow(/KV_REST_API_TOKEN is required/);
    expect(() => resolve({ UPSTASH_REDIS_REST_TOKEN: "t" })).toThrow(/UPSTASH_REDIS_REST_URL is required/);
  });

  it("names a URL that is not one", () => {
    expect(() => parseEnv({ REDIS_URL: "localhost:6379" })).toThrow(/REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseEnv({ KV_REST_API_URL: "not a url", KV_REST_API_TOKEN: "t" })).toThrow(/KV_REST_API_URL: expected/);
    expect(() => parseEnv({ UPSTASH_REDIS_REST_URL: "redis://x", UPSTASH_REDIS_REST_TOKEN: "t" })).toThrow(/UPSTASH_REDIS_REST_URL/);
    expect(() => parseEnv({ KV_PREFIX: "has space" })).toThrow(/KV_PREFIX/);
  });

  it("refuses the embedded store on a serverless host, naming the variables to set", () => {
    const onVercel = () => resolveKvDriver(parseEnv({}), { VERCEL: "1" });
    expect(onVercel).toThrow(ConfigError);
    expect(onVercel).toThrow(/KV_REST_API_URL and KV_REST_API_TOKEN.*or REDIS_URL/);
    expect(() => resolveKvDriver(parseEnv({ KV_DATA_DIR: "/tmp/kv" }), { AWS_LAMBDA_FUNCTION_NAME: "shop" })).toThrow(ConfigError);
    // A shared store is fine there, whichever kind.
    expect(resolveKvDriver(parseEnv({ REDIS_URL: "redis://r:6379" }), { VERCEL: "1" })).toMatchObject({ driver: "redis" });
    const rest = { KV_REST_API_URL: "https://kv.example", KV_REST_API_TOKEN: "t" };
    expect(resolveKvDriver(parseEnv(rest), { VERCEL: "1" })).toMatchObject({ driver: "upstash" });
  });

  it("describes the store without credentials", () => {
    expect(describeKvDriver({ driver: "redis", url: "rediss://user:secret@cache.example:6380/2" })).toBe(
      "redis (rediss://cache.example:6380/2)",
    );
    expect(describeKvDriver({ driver: "upstash", url: "https://kv.example", token: "secret" })).toBe("upstash (https://kv.example)");
    expect(describeKvDriver({ driver: "embedded", dir: "./data/kv" })).toBe("embedded (./data/kv)");
  });
});
