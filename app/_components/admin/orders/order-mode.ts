// What an order was, in the admin's words: a test order (PARTNER_TEST_MODE, nothing bought), an
// order of a demo shop (sandboxes, no real money), or a live one. A demo shop's orders are not
// "Live" whatever the test flag says.
import type { ShopMode } from "@/lib/config/shop-mode";

export function orderMode(test: boolean, shop: ShopMode): "test" | "demo" | "live" {
  if (test) return "test";
  return shop === "demo" ? "demo" : "live";
}
