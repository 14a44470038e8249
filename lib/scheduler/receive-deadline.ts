// POST /api/scheduler/deadline as QStash calls it: the signature checked with the current and
// the next signing key (Receiver tries both, so a key rotation loses no delivery), the body
// parsed, then the deadline acted on. The answer tells QStash whether to retry: 2xx only once
// the deadline is acted on or recorded on the order; anything else is retried with backoff.
import type { Receiver } from "@upstash/qstash";
import { invalid } from "@/lib/http/invalid";
import { json, problem } from "@/lib/http/json-answer";
import { deadlineMessageSchema, type DeadlineMessage } from "./deadline-message";

/** What acting on a deadline came to: done (or recorded), or to be tried again. */
export type DeadlineOutcome = { done: true; detail: string } | { done: false; detail: string };

export interface ReceiveDeadlineDeps {
  receiver: Pick<Receiver, "verify">;
  /** This route's public URL: the signature's subject must be it. */
  url: string;
  act(message: DeadlineMessage): Promise<DeadlineOutcome>;
}

export async function receiveDeadline(request: Request, deps: ReceiveDeadlineDeps): Promise<Response> {
  const body = await request.text();
  const signature = request.headers.get("upstash-signature");
  if (!signature) return problem("invalid_signature", "missing Upstash-Signature");
  const verified = await deps.receiver.verify({ signature, body, url: deps.url }).catch(() => false);
  if (!verified) return problem("invalid_signature", "the Upstash-Signature does not verify with the signing keys");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return problem("invalid_json", "the body is not JSON");
  }
  const message = deadlineMessageSchema.safeParse(parsed);
  // A message this release cannot read is not retried forever: QStash gives up after its
  // retries and keeps it in its dead-letter queue for a person.
  if (!message.success) return invalid(message.error);
  const outcome = await deps.act(message.data);
  return outcome.done ? json({ done: outcome.detail }) : problem("orders_unavailable", outcome.detail);
}
