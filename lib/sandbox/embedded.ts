// The sandbox the Next app mounts at /sandbox when PARTNER_API_URL is unset. Its state lives in
// the shop's KV, so that every worker process and serverless invocation sees the same orders
// and balances, and `npm run dev` keeps them across restarts. One instance per process, kept
// on globalThis so that Next's dev-mode module reloads do not build another.
import { randomBytes } from "node:crypto";
import { env } from "@/lib/config/env";
import { getKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { createSandbox, type Sandbox } from "./create-sandbox";
import type { Fixture } from "./fixture/schema";
import { loadFixture } from "./fixture/load-fixture";
import { createKvSandboxStore, sandboxNamespace } from "./store/kv-store";

export const EMBEDDED_SANDBOX_PATH = "/sandbox";

interface EmbeddedSandbox {
  sandbox: Sandbox;
  fixture: Fixture;
}

const holder = globalThis as typeof globalThis & { __embeddedSandbox?: Promise<EmbeddedSandbox> };

export function getEmbeddedSandbox(): Promise<EmbeddedSandbox> {
  holder.__embeddedSandbox ??= (async () => {
    const loaded = await loadFixture(env().SANDBOX_FIXTURE);
    const kv = await getKv();
    const namespace = sandboxNamespace(loaded);
    // Tokens must verify in every process, so a fixture without a secret gets one shared in KV.
    const fixture = { ...loaded, jwt_secret: loaded.jwt_secret ?? (await sharedSecret(kv, `${namespace}:jwt-secret`)) };
    const store = createKvSandboxStore({ kv, fixture, namespace });
    return { sandbox: createSandbox({ fixture, store, basePath: EMBEDDED_SANDBOX_PATH }), fixture };
  })();
  return holder.__embeddedSandbox;
}

async function sharedSecret(kv: Kv, key: string): Promise<string> {
  const candidate = randomBytes(32).toString("base64url");
  // Whether or not a lost reply hid our SET NX, the GET below reads the one secret that won.
  await kv.setIfAbsent(key, candidate).catch((error: unknown) => {
    if (!(error instanceof KvError && error.code === "reply_lost")) throw error;
  });
  const secret = await kv.get(key);
  if (secret === null) throw new Error(`The sandbox's JWT secret vanished from KV (${key})`);
  return secret;
}
