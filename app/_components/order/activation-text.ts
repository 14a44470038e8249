// The activation state of a delivered code, as the message that words it (order.activation*).
import type { PublicOrder } from "@/lib/checkout/public-order";

type Activation = NonNullable<PublicOrder["delivery"]>["activation"];

export function activationKey(activation: Activation): "activationWait" | "activationDone" | "activationFailed" | null {
  if (activation === null) return null;
  if (activation === "wait") return "activationWait";
  return activation ? "activationDone" : "activationFailed";
}
