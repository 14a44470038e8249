// Alerts that reach the owner: import from "@/lib/alerts". raiseAlert and clearAlert are the
// shop's wired instance and never throw; createAlerts builds one from injected parts for tests.
import type { AlertInput } from "./alert-record";
import { shopAlerts } from "./shop-alerts";

export type { AlertInput, AlertRecord, Delivery } from "./alert-record";
export { createAlerts, type Alerts, type AlertsDeps, type RaiseOutcome } from "./create-alerts";
export { shopAlerts } from "./shop-alerts";

/** Record the alert and send it unless its cause was sent within the window. Never throws. */
export async function raiseAlert(input: AlertInput): Promise<void> {
  try {
    await (await shopAlerts()).raise(input);
  } catch (error) {
    console.error(`[alerts] could not raise ${input.cause} (${input.title}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The cause has cleared (the balance was topped up): its alert closes and stops. Never throws. */
export async function clearAlert(cause: string): Promise<void> {
  try {
    await (await shopAlerts()).clear(cause);
  } catch (error) {
    console.error(`[alerts] could not clear ${cause}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
