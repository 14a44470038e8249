// Every KV key of the shop's operations, in one place. Keys of upstream data carry the upstream
// fingerprint (lib/config/upstream-fingerprint.ts): a balance read from one upstream is never
// shown, or spent against, for another.
export const OPS_KEYS = {
  /** The cached /api/balance answer (stale-while-revalidate entry). */
  balance: (upstream: string) => `ops:${upstream}:balance`,
  /** What upstream has taken for this shop's orders since the snapshot read at `snapshotAt`. */
  spent: (upstream: string, snapshotAt: number, currency: string) => `ops:${upstream}:spent:${snapshotAt}:${currency}`,
  /** One per order: its upstream spend is counted once however often the step is repeated. */
  spentReceipt: (upstream: string, orderId: string) => `ops:${upstream}:spent-receipt:${orderId}`,
  /**
   * What the orders this shop accepted may still take upstream and no balance read includes yet
   * (sale-hold.ts): counted from each order's creation until upstream takes it or it ends.
   */
  held: (upstream: string, currency: string) => `ops:${upstream}:held:${currency}`,
  /** One per accepted order: the amount it holds in `held`, until it is spent or released. */
  hold: (upstream: string, orderId: string) => `ops:${upstream}:hold:${orderId}`,
  /** The partner balance's reconciliation: one row per read that found an unexplained debit. */
  balanceDebits: (upstream: string) => `ops:${upstream}:balance-debits`,
  /** The owner's low-balance threshold (JSON). */
  threshold: "ops:settings:low-balance-threshold",
  /** The owner's "pause all sales" switch (JSON). */
  paused: "ops:settings:sales-paused",
  /** What the storefront's pages show as sellable (sales-ceiling.ts); the key keeps its first name, so stored ceilings stay read. */
  salesCeiling: (upstream: string) => `ops:${upstream}:page-guard`,
  /** Per-day sales aggregates, in the store currency. */
  daily: (day: string, field: "orders" | "sales" | "refunded" | "cost" | "uncosted", currency: string) => `ops:daily:${day}:${currency}:${field}`,
  dailyReceipt: (orderId: string) => `ops:daily:counted:${orderId}`,
  /** One per amount a buyer got back (money-back.ts): netted once. */
  moneyBackReceipt: (orderId: string, entryId: string) => `ops:daily:money-back:${orderId}:${entryId}`,
  /** Health of an outside system, per minute. */
  healthCount: (system: string, minute: number, field: string) => `ops:health:${system}:${minute}:${field}`,
  healthLastError: (system: string) => `ops:health:${system}:last-error`,
};
