// The owner actions' deps as this process runs them: the checkout's own (orderDeps) and the
// shop's mailer, for the server actions of the admin's order page.
import { shopMailer, SHOP_NAME } from "./mailer";
import { orderDeps } from "./checkout";
import type { OwnerActionDeps } from "@/lib/checkout/owner-actions/owner-action-deps";

export async function ownerActionDeps(): Promise<OwnerActionDeps> {
  return { ...(await orderDeps()), mailer: shopMailer(), shopName: SHOP_NAME };
}
