// An order's state as a badge: its word in the reader's language, coloured by what it asks of
// the owner (done, in progress, ended without a sale, money returned). The word carries the
// meaning; the colour only helps the eye.
import type { OrderState } from "@/lib/checkout/order-states";
import styles from "@/app/_components/admin/admin.module.css";

const TONE: Record<OrderState, "good" | "busy" | "ended" | "returned"> = {
  created: "busy",
  reserved: "busy",
  awaiting_payment: "busy",
  authorized: "busy",
  fulfilling: "busy",
  delivered: "busy",
  completed: "good",
  releasing: "busy",
  failed: "ended",
  refunding: "returned",
  refunded: "returned",
};

export function StateBadge({ state, label }: { state: OrderState; label: string }) {
  return (
    <span className={`${styles.badge} ${styles[`badge-${TONE[state]}`]}`} data-testid="state-badge">
      {label}
    </span>
  );
}
