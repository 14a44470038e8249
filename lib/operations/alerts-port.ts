// What operations need from lib/alerts: raise a cause, clear it. Injected, so tests watch the
// calls and the shop passes its wired raiseAlert/clearAlert (shop-operations.ts).
import type { AlertWords } from "@/lib/alerts/alert-record";

export interface AlertsPort {
  raise(input: { cause: string; title: string; detail: string; link?: string; words?: AlertWords }): Promise<void>;
  clear(cause: string): Promise<void>;
}
