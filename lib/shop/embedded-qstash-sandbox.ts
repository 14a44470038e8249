// The QStash emulation a demo shop mounts at /qstash-sandbox when no QSTASH_TOKEN is set: the
// shop publishes its deadlines to it with the real client over loopback, and it delivers them
// back to the shop's own origin, signed, on a one-second timer in this process. Its token and
// signing key live in the shop's KV so every process of the demo agrees on them. Its messages
// live in this process's memory: a restart loses the pending ones, and the sweep takes those.
import { randomBytes } from "node:crypto";
import { getKv } from "@/lib/kv/get-kv";
import { processSingleton } from "@/lib/singleton";
import { systemClock, systemScheduler } from "@/lib/time/clock";
import { createQstashSandbox, type QstashSandbox } from "@/lib/qstash-sandbox/create-qstash-sandbox";

export const EMBEDDED_QSTASH_SANDBOX_PATH = "/qstash-sandbox";

/** How often the demo's emulation looks for messages that have come due. */
const DELIVERY_TICK_MS = 1_000;

export interface EmbeddedQstashSecrets {
  token: string;
  signingKey: string;
}

export function embeddedQstashSecrets(): Promise<EmbeddedQstashSecrets> {
  return processSingleton("embedded-qstash-secrets", async () => ({ token: await kvSecret("qstash-sandbox:token"), signingKey: await kvSecret("qstash-sandbox:signing-key") }));
}

export function getEmbeddedQstashSandbox(): Promise<QstashSandbox> {
  return processSingleton("embedded-qstash-sandbox", async () => {
    const secrets = await embeddedQstashSecrets();
    const sandbox = createQstashSandbox({
      config: { token: secrets.token, currentSigningKey: secrets.signingKey },
      clock: systemClock,
      basePath: EMBEDDED_QSTASH_SANDBOX_PATH,
    });
    sandbox.start(systemScheduler, DELIVERY_TICK_MS);
    return sandbox;
  });
}

async function kvSecret(key: string): Promise<string> {
  const kv = await getKv();
  await kv.setIfAbsent(key, randomBytes(24).toString("base64url"));
  const secret = await kv.get(key);
  if (secret === null) throw new Error(`The QStash emulation's secret vanished from KV (${key})`);
  return secret;
}
