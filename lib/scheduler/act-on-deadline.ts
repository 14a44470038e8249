// What a scheduler does when a deadline comes, whichever scheduler it is: advance the order
// (as a poll: a message that comes before the order's deadline — the deadline moved — does
// nothing; one that meets another run's lease asks for a delivery once the lease can have
// lapsed), send the order email, or go on with the sweep. Each answers done only once the
// deadline was acted on or recorded: a failed try recorded on the order with its backoff is
// done (that save sets the next alarm); KV trouble or an email not sent is not (try again).
import { advance, type AdvanceDeps } from "@/lib/checkout/advance";
import { sendOrderEmail, type OrderEmailDeps } from "@/lib/checkout/order-email";
import type { DeadlineMessage } from "./deadline-message";
import type { DeadlineOutcome } from "./receive-deadline";

export interface ActOnDeadlineDeps {
  orders(): Promise<AdvanceDeps>;
  /** Without an alarm: a failed send is retried by the scheduler's own retry of this message. */
  email(): Promise<OrderEmailDeps>;
  /** Runs the sweep within the route's time budget and asks for a follow-up if it left orders. */
  sweep(): Promise<DeadlineOutcome>;
}

export async function actOnDeadline(message: DeadlineMessage, deps: ActOnDeadlineDeps): Promise<DeadlineOutcome> {
  switch (message.kind) {
    case "order": {
      const result = await advance(message.orderId, await deps.orders(), { kind: "delivery" });
      if (result.ok) return { done: true, detail: `order ${message.orderId} is ${result.value.state}` };
      // Gone or unreadable: retrying cannot help; the sweep and the owner's alert deal with it.
      if (result.error.code === "not_found" || result.error.code === "unreadable") return { done: true, detail: `order ${message.orderId}: ${result.error.code}` };
      return { done: false, detail: `order ${message.orderId} not advanced (${result.error.code}); try again` };
    }
    case "email": {
      const outcome = await sendOrderEmail(message.orderId, await deps.email());
      return outcome === "failed" ? { done: false, detail: `order ${message.orderId}: email not sent; try again` } : { done: true, detail: `order ${message.orderId}: email ${outcome}` };
    }
    case "sweep":
      return deps.sweep();
  }
}
