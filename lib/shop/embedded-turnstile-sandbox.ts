// The emulated Turnstile the Next app mounts at /turnstile-sandbox in a demo shop (its widget
// script, token issue and siteverify); state in the shop's KV so every process sees the same
// tokens. One instance per process (lib/singleton.ts).
import { getKv } from "@/lib/kv/get-kv";
import { processSingleton } from "@/lib/singleton";
import { systemClock } from "@/lib/time/clock";
import { createTurnstileSandbox, type TurnstileSandbox } from "@/lib/turnstile-sandbox/turnstile-sandbox";

export const EMBEDDED_TURNSTILE_SANDBOX_PATH = "/turnstile-sandbox";

export function getEmbeddedTurnstileSandbox(): Promise<TurnstileSandbox> {
  return processSingleton("embedded-turnstile-sandbox", async () => createTurnstileSandbox({ kv: await getKv(), clock: systemClock, basePath: EMBEDDED_TURNSTILE_SANDBOX_PATH }));
}
