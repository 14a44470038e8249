// /api/revise in batches: at most the configured number of payments per call (itself at most
// the spec's 10,000), and never a body over upstream's 1 MiB limit, whatever the entries weigh.
import type { RevisePayment } from "@/lib/partner/schemas";

/** docs/partner-api-decisions.md item 20. */
export const MAX_REVISE_PAYMENTS = 10_000;
/** docs/partner-api.md section 8: bodies over 1 MiB are refused. */
export const MAX_REVISE_BODY_BYTES = 1024 * 1024;

/** Room for `{"date_from":"…","date_to":"…","payments":[]}` around the entries. */
const ENVELOPE_BYTES = 128;

export function reviseBatches(payments: readonly RevisePayment[], batchSize: number, maxBodyBytes = MAX_REVISE_BODY_BYTES): RevisePayment[][] {
  const size = Math.max(1, Math.min(batchSize, MAX_REVISE_PAYMENTS));
  const batches: RevisePayment[][] = [];
  let current: RevisePayment[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const payment of payments) {
    // Each entry costs its JSON and a comma; byte length, since the limit counts bytes.
    const weight = Buffer.byteLength(JSON.stringify(payment)) + 1;
    if (current.length > 0 && (current.length === size || bytes + weight > maxBodyBytes)) {
      batches.push(current);
      current = [];
      bytes = ENVELOPE_BYTES;
    }
    current.push(payment);
    bytes += weight;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
