// Alerts that reach the owner: import from "@/lib/alerts". createAlerts builds them from
// injected parts; the shop's wired instance (raiseAlert, clearAlert) is lib/shop/alerts.ts.
export type { AlertInput, AlertRecord, Delivery } from "./alert-record";
export { createAlerts, type Alerts, type AlertsDeps, type RaiseOutcome } from "./create-alerts";
