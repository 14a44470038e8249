// The longest one Partner API call can take with the client's retries: every attempt timing
// out, with the longest wait the retry policy accepts between attempts. Locks that guard such
// a call (the shared login, a catalogue refresh) must outlive it, or a second instance starts
// the same work while the first is still waiting on it.
import { DEFAULT_RETRIES, MAX_RETRY_AFTER_MS, MAX_RETRY_DELAY_MS } from "./client/retry-policy";
import { DEFAULT_TIMEOUT_MS } from "./client/create-partner-client";

/**
 * The client's settings a budget depends on, the client's defaults where left out. A budget
 * for a configured client takes its settings (lib/partner/call-settings.ts) as they are.
 */
export interface CallBudgetOptions {
  retries?: number;
  timeoutMs?: number;
}

/** Room for the work around the call (KV reads and writes, scheduling). */
const SLACK_MS = 5_000;

/** One call with all its retries: what the login lock guards. */
export function worstCaseCallMs({ retries = DEFAULT_RETRIES, timeoutMs = DEFAULT_TIMEOUT_MS }: CallBudgetOptions = {}): number {
  const longestWait = Math.max(MAX_RETRY_AFTER_MS, MAX_RETRY_DELAY_MS);
  return (retries + 1) * timeoutMs + retries * longestWait + SLACK_MS;
}

/** A read that may first have to log in (no token yet, or it expired): login, then the call. */
export function worstCaseAuthorizedCallMs(options: CallBudgetOptions = {}): number {
  return 2 * worstCaseCallMs(options);
}
