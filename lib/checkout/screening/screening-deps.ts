// What screening at authorization needs: the payment's risk as Stripe reports it, the
// blocklist, the owner's settings, and KV for the card's own history and the review queue.
import type { BlockPort } from "@/lib/fraud/block-port";
import type { ReviewSettings } from "@/lib/fraud/review-settings";
import type { Kv } from "@/lib/kv/kv";
import type { PaymentRiskReader } from "../stripe-payment-risk";

export interface ScreeningDeps {
  kv: Kv;
  readRisk: PaymentRiskReader;
  blocklist: BlockPort;
  settings(): Promise<ReviewSettings>;
}
