// The activation state of a delivered code, in words.
import type { PublicOrder } from "@/lib/checkout/public-order";

type Activation = NonNullable<PublicOrder["delivery"]>["activation"];

export function activationText(activation: Activation): string | null {
  if (activation === null) return null;
  if (activation === "wait") return "Activation in progress";
  return activation ? "Activated on your account" : "Not activated: the automatic activation did not succeed";
}
