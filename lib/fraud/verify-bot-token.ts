// The bot check's server half: a Turnstile token is sent once to siteverify (Cloudflare's, or the
// demo's emulation at the same path) with the secret, the token, the client address when known
// and an idempotency key, so that a retry after a lost answer is answered the same instead of
// "already spent". Passing takes `success`, and the hostname and action the widget was solved
// for (the action is answered: the breaker asks for the strict one): a token solved on another site, or for another action, is not ours to accept. A token
// is good once; Turnstile refuses a second verification, and screening marks the ones it
// accepted (velocity-script.ts), so a replay is refused even against a verifier that forgot.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { err, ok, type Result } from "@/lib/result";

export interface BotCheckConfig {
  /** https://challenges.cloudflare.com/turnstile/v0/siteverify, or the emulation's. */
  verifyUrl: string;
  secret: string;
  /** The shop's host names, as the widget reports the page it was solved on (lib/shop/fraud.ts: the public origin's). */
  hostnames: readonly string[];
  fetch: typeof fetch;
  timeoutMs: number;
}

export type BotCheckProblem =
  | { code: "missing" }
  | { code: "refused"; errors: string[] }
  | { code: "wrong_hostname"; hostname: string | null }
  | { code: "wrong_action"; action: string | null }
  | { code: "unavailable"; message: string };

const siteverifyReply = z.object({
  success: z.boolean(),
  hostname: z.string().nullish(),
  action: z.string().nullish(),
  "error-codes": z.array(z.string()).default([]),
});

/** Turnstile's tokens are at most 2048 characters. */
export const BOT_TOKEN_MAX = 2048;

async function ask(config: BotCheckConfig, body: Record<string, string>): Promise<z.infer<typeof siteverifyReply>> {
  const response = await config.fetch(config.verifyUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
  return siteverifyReply.parse(await response.json());
}

export async function verifyBotToken(
  config: BotCheckConfig,
  input: { token: string | undefined; remoteIp: string | null; actions: readonly string[] },
): Promise<Result<string, BotCheckProblem>> {
  if (!input.token) return err({ code: "missing" });
  const body: Record<string, string> = { secret: config.secret, response: input.token, idempotency_key: randomUUID() };
  if (input.remoteIp !== null) body.remoteip = input.remoteIp;
  let reply: z.infer<typeof siteverifyReply>;
  try {
    reply = await ask(config, body);
  } catch {
    // Once more under the same idempotency key: a first answer that was lost is repeated, not refused as spent.
    try {
      reply = await ask(config, body);
    } catch (error) {
      return err({ code: "unavailable", message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (!reply.success) return err({ code: "refused", errors: reply["error-codes"] });
  if (!reply.hostname || !config.hostnames.includes(reply.hostname)) return err({ code: "wrong_hostname", hostname: reply.hostname ?? null });
  if (!reply.action || !input.actions.includes(reply.action)) return err({ code: "wrong_action", action: reply.action ?? null });
  return ok(reply.action);
}
