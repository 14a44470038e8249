// The version of what a buyer sees of an order (the ETag of GET /api/orders/{id}): a change the
// buyer cannot see is no change.
import { createHash } from "node:crypto";
import type { PublicOrder } from "./public-order";

export function orderVersion(order: PublicOrder): string {
  return createHash("sha256").update(JSON.stringify(order)).digest("base64url").slice(0, 22);
}
