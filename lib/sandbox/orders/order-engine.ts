// The boundary between the sandbox's HTTP shell (routing, auth, parsing, limits) and its order
// state machine. The shell hands over requests that already passed authentication and their
// zod schema; the engine answers with the HTTP status and body of spec section 4.
import type { OrderInfoQuery, OrderUpdateRequest, PayRequest, RevisePayment } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import type { ApiResult } from "../http/error-result";
import type { SupplierRefundRequest } from "./supplier-refund";

export interface ReviseInput {
  date_from: string;
  date_to: string;
  payments: RevisePayment[];
}

export interface OrderEngine {
  /**
   * docs/partner-api-decisions.md item 11: a repeated ext_order_id answers the existing order's current state
   * before the rest of the request is even validated. Null when the partner has no such order.
   */
  existingByExt(partner: FixturePartner, extOrderId: string): Promise<ApiResult | null>;
  /** 4.2 GET /api/balance */
  balance(partner: FixturePartner): Promise<ApiResult>;
  /** 4.5 POST /api/pay (balance or voucher form, already shape-checked). */
  pay(partner: FixturePartner, request: PayRequest): Promise<ApiResult>;
  /** 4.6 POST /api/order_update */
  orderUpdate(partner: FixturePartner, request: OrderUpdateRequest): Promise<ApiResult>;
  /** 4.7 GET /api/get_order_info */
  orderInfo(partner: FixturePartner, query: OrderInfoQuery): Promise<ApiResult>;
  /** 4.8 POST /api/revise (dates unparsed: the engine validates them, docs/partner-api-decisions.md item 20). */
  revise(partner: FixturePartner, input: ReviseInput): Promise<ApiResult>;
  /** Sandbox control (supplier-refund.ts): the supplier takes a delivered order back now. */
  supplierRefund(partner: FixturePartner, request: SupplierRefundRequest): Promise<ApiResult>;
  /** Stop every timer (reservation expiry, supplier simulation, notification retries). */
  close(): void;
}
