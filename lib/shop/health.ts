// Where the shop's clients report each call (call-observers.ts): the shop's KV, lazily, so a
// client built before KV is reachable still works and only the sample is lost.
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { recordCallQuietly, type CallSample, type HealthSystem } from "@/lib/operations/health";

export function shopCallRecorder(system: HealthSystem): (sample: CallSample) => void {
  return (sample) => {
    getKv().then(
      (kv) => recordCallQuietly(kv, systemClock, system, sample),
      (error: unknown) => console.warn(`[operations] ${system} call not recorded: ${String(error)}`),
    );
  };
}
