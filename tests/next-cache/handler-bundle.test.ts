// The KV cache handler as `next start` loads it: the bundle next.config.mjs writes to
// lib/next-cache/built/, imported by a plain Node process. It must carry what it loads (the only
// package it imports from node_modules is lmdb), and load lmdb's native addon only where the
// embedded store is chosen: a machine set up for Redis never loads it (decision 131).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRedis, type TestRedis } from "../support/redis-server";

const ROOT = join(import.meta.dirname, "..", "..");
const BUILT = join(ROOT, "lib", "next-cache", "built");

/** A child process that records every native addon it opens, then reads one entry through the handler. */
const PROBE = `
const opened = [];
const dlopen = process.dlopen;
process.dlopen = (module, file, ...rest) => { opened.push(file); return dlopen(module, file, ...rest); };
const { default: Handler } = await import(${JSON.stringify(join(BUILT, "kv-cache-handler.mjs"))});
const handler = new Handler({ serverDistDir: "/nowhere/server" });
await handler.get("probe", { kind: "APP_PAGE" });
console.log(JSON.stringify(opened));
process.exit(0);
`;

function probe(env: Record<string, string>): string[] {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", PROBE], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", SHOP_MODE: "demo", ...env },
    encoding: "utf8",
  });
  const last = out.trim().split("\n").at(-1) ?? "[]";
  return JSON.parse(last) as string[];
}

let redis: TestRedis | undefined;
let skipReason = "";
const dataDir = mkdtempSync(join(tmpdir(), "handler-bundle-"));

beforeAll(async () => {
  // Bundled as `next build` bundles it (next.config.mjs, any phase but the server's).
  execFileSync(process.execPath, ["--input-type=module", "-e", `(await import(${JSON.stringify(join(ROOT, "next.config.mjs"))})).default("phase-production-build")`], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", VERCEL: "" },
  });
  const found = await startTestRedis();
  if (found.ok) redis = found.redis;
  else skipReason = found.reason;
});

afterAll(async () => {
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the KV cache handler's bundle", () => {
  it("imports no package from node_modules but lmdb, and lmdb only from the embedded driver's chunk", () => {
    const files = readdirSync(BUILT).filter((file) => file.endsWith(".mjs"));
    const bare = /^import\s[^;]*?from\s*"([^".][^"]*)"|^import\s*"([^".][^"]*)"/gm;
    const imports = files.flatMap((file) =>
      [...readFileSync(join(BUILT, file), "utf8").matchAll(bare)].map((match) => ({ file, name: match[1] ?? match[2] ?? "" })),
    );
    const packages = imports.filter(({ name }) => !name.startsWith("node:"));
    expect(packages.map(({ name }) => name)).toEqual(["lmdb"]);
    expect(packages[0]?.file).toMatch(/^embedded-kv-/);
  });

  it("never opens lmdb's native addon on Redis, and opens it on the embedded store", ({ skip }) => {
    if (!redis) return skip(`no Redis: ${skipReason}`);
    expect(probe({ REDIS_URL: redis.url, KV_PREFIX: redis.prefix }).filter((file) => file.includes("lmdb"))).toEqual([]);
    // The probe sees addons at all: the embedded store does open lmdb's.
    expect(probe({ KV_DATA_DIR: dataDir }).some((file) => file.includes("lmdb"))).toBe(true);
  });
});
