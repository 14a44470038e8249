// Where the shop's clients report each call (call-observers.ts): the shop's KV, lazily, so a
// client built before KV is reachable still works and only the sample is lost. The write runs
// after the response (after-response.ts), so no buyer waits for it and no host drops it.
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { recordCall, type CallSample, type HealthSystem } from "@/lib/operations/health";
import { afterResponse } from "./after-response";

export function shopCallRecorder(system: HealthSystem): (sample: CallSample) => void {
  return (sample) => {
    afterResponse(
      getKv()
        .then((kv) => recordCall(kv, systemClock, system, sample))
        .catch((error: unknown) => console.warn(`[operations] ${system} call not recorded: ${String(error)}`)),
    );
  };
}
