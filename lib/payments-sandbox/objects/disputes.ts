// Disputes: the cardholder's bank takes a captured charge back (Stripe's 4000 0000 0000 0259).
// The funds are withdrawn at once; the shop drafts evidence and submits it. In test mode Stripe
// decides on the evidence's uncategorized_text: "winning_evidence" wins, "losing_evidence" loses,
// anything else stays under review.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import { invalidRequest, resourceMissing, type StripeError } from "../stripe-error";
import { emitEvent } from "../webhooks/emit-event";
import { storeCreated } from "./list-index";
import { EVIDENCE_FIELDS, type Dispute, type EvidenceField, type Metadata, type StoredPaymentIntent } from "./records";

const RESPONSE_WINDOW_S = 7 * 24 * 60 * 60;

export async function openDispute(context: SandboxContext, stored: StoredPaymentIntent): Promise<Dispute> {
  const created = unixSeconds(context.clock);
  const dispute: Dispute = {
    id: context.ids("dp"),
    object: "dispute",
    amount: stored.intent.amount_received,
    balance_transactions: [],
    charge: stored.intent.latest_charge ?? "",
    created,
    currency: stored.intent.currency,
    evidence: Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])) as Dispute["evidence"],
    evidence_details: { due_by: created + RESPONSE_WINDOW_S, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: stored.intent.id,
    reason: "fraudulent",
    status: "needs_response",
  };
  await storeCreated(context, "dp", dispute.id, dispute, dispute.created);
  await emitEvent(context, "charge.dispute.created", dispute);
  await emitEvent(context, "charge.dispute.funds_withdrawn", dispute);
  return dispute;
}

export async function readDispute(context: SandboxContext, id: string): Promise<Result<Dispute, StripeError>> {
  const dispute = await context.store.read("dp", id);
  return dispute ? ok(dispute) : err(resourceMissing("dispute", id, "dispute"));
}

export interface DisputeUpdate {
  evidence?: Partial<Record<EvidenceField, string>>;
  metadata?: Metadata;
  submit?: boolean;
}

export async function updateDispute(context: SandboxContext, id: string, update: DisputeUpdate, idempotencyKey: string | null): Promise<Result<Dispute, StripeError>> {
  const result = await context.store.update<"dp", Result<Dispute, StripeError>>("dp", id, async (dispute) => {
    if (dispute.status !== "needs_response" && dispute.status !== "warning_needs_response") {
      return { result: err(invalidRequest(`This dispute is ${dispute.status.replaceAll("_", " ")}; its evidence can no longer be changed.`, { param: "evidence" })) };
    }
    const evidence = { ...dispute.evidence, ...update.evidence };
    const hasEvidence = EVIDENCE_FIELDS.some((field) => evidence[field] !== null);
    let next: Dispute = {
      ...dispute,
      evidence,
      metadata: { ...dispute.metadata, ...update.metadata },
      evidence_details: { ...dispute.evidence_details, has_evidence: hasEvidence },
    };
    if (update.submit) {
      next = { ...next, status: "under_review", evidence_details: { ...next.evidence_details, submission_count: next.evidence_details.submission_count + 1 } };
    }
    await emitEvent(context, "charge.dispute.updated", next, idempotencyKey);
    const decided = update.submit ? decide(evidence.uncategorized_text) : null;
    if (decided) {
      next = { ...next, status: decided };
      await emitEvent(context, "charge.dispute.closed", next, idempotencyKey);
      if (decided === "won") await emitEvent(context, "charge.dispute.funds_reinstated", next, idempotencyKey);
    }
    return { next, result: ok(next) };
  });
  return result ?? err(resourceMissing("dispute", id, "dispute"));
}

function decide(text: string | null): "won" | "lost" | null {
  if (text?.includes("winning_evidence")) return "won";
  if (text?.includes("losing_evidence")) return "lost";
  return null;
}
