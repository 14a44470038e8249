// Idempotency-Key on POST, as Stripe applies it: the first answer for a key is kept for 24 h and
// replayed for the same parameters; other parameters get an idempotency_error, and a key whose
// first request is still running gets 409 idempotency_key_in_use.
import { createHash } from "node:crypto";
import type { PaymentsStore } from "../store";
import type { StripeError } from "../stripe-error";
import { keepAnswer } from "./keep-answer";

const KEEP_MS = 24 * 60 * 60 * 1000;
const RUNNING_TTL_MS = 30_000;

export interface Answer {
  status: number;
  body: unknown;
}

interface Kept {
  fingerprint: string;
  answer: Answer;
}

export type IdempotencyCheck =
  | { kind: "fresh"; finish(answer: Answer): Promise<void> }
  | { kind: "replay"; answer: Answer }
  | { kind: "refused"; error: StripeError };

export async function checkIdempotency(
  store: PaymentsStore,
  apiKey: string,
  idempotencyKey: string,
  route: string,
  rawBody: string,
): Promise<IdempotencyCheck> {
  // Keys are per API key, as in Stripe, and compared by parameters, not by their byte order.
  const scope = createHash("sha256").update(`${apiKey}\n${idempotencyKey}`).digest("hex");
  const fingerprint = createHash("sha256").update(`${route}\n${canonical(rawBody)}`).digest("hex");
  const keptKey = store.key("idem", scope);
  const runningKey = store.key("idem-running", scope);

  const kept = await store.kv.get(keptKey);
  if (kept !== null) return judge(JSON.parse(kept) as Kept, fingerprint, idempotencyKey);
  if (!(await store.kv.setIfAbsent(runningKey, fingerprint, { ttlMs: RUNNING_TTL_MS }))) {
    const finished = await store.kv.get(keptKey);
    if (finished !== null) return judge(JSON.parse(finished) as Kept, fingerprint, idempotencyKey);
    return {
      kind: "refused",
      error: {
        status: 409,
        type: "idempotency_error",
        code: "idempotency_key_in_use",
        message:
          "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): " +
          `${idempotencyKey}. Please try again later.`,
      },
    };
  }
  return {
    kind: "fresh",
    async finish(answer) {
      // Stripe does not keep answers to requests that failed before doing anything (5xx).
      const keep = answer.status < 500;
      await store.kv.run(keepAnswer, {
        keys: { kept: keptKey, running: runningKey },
        args: { json: keep ? JSON.stringify({ fingerprint, answer } satisfies Kept) : "", ttlMs: KEEP_MS, keep: keep ? "1" : "0" },
      });
    },
  };
}

function judge(kept: Kept, fingerprint: string, idempotencyKey: string): IdempotencyCheck {
  if (kept.fingerprint === fingerprint) return { kind: "replay", answer: kept.answer };
  return {
    kind: "refused",
    error: {
      status: 400,
      type: "idempotency_error",
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
    },
  };
}

function canonical(rawBody: string): string {
  return new URLSearchParams(rawBody).toString().split("&").sort().join("&");
}
