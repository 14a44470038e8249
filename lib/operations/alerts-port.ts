// What operations need from lib/alerts: raise a cause, clear it. Injected, so tests watch the
// calls and the shop passes its wired raiseAlert/clearAlert (shop-operations.ts).
export interface AlertsPort {
  raise(input: { cause: string; title: string; detail: string; link?: string }): Promise<void>;
  clear(cause: string): Promise<void>;
}
