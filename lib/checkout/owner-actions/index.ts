// The owner's actions on one order: import from "@/lib/checkout/owner-actions".
export { cancelOrder, cancelRefusal, type CancelInput } from "./cancel-order";
export { redriveOrder, type RedriveInput } from "./redrive-order";
export { refundOrder, type RefundInput, type RefundOutcome } from "./refund-order";
export { reviewOrder, type ReviewInput } from "./review-order";
export { resendOrderEmail, type ResendInput } from "./resend-order-email";
export { captured, pendingRefund, refundable, refunded } from "./refund-ledger";
export { refundListeners } from "./settle-refunds";
export type { OwnerActionCode, OwnerActionDeps, OwnerActionError, OwnerActionOutcome } from "./owner-action-deps";
export { finishOpenRefunds, type OpenRefundsReport } from "./open-refunds";
