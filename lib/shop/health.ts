// Where the shop's clients report each call (call-observers.ts): the shop's KV, lazily, so a
// client built before KV is reachable still works and only the sample is lost. Samples are
// written once the response that made their calls has gone (after-response.ts), so no buyer
// waits for them and no host drops them, and together: a payment webhook's run makes five calls
// (the session, its charges, the capture, /api/pay and the order's update), which were five KV
// writes, each a script on Redis and a billed command on Upstash; written together they are one
// per system and latency bucket. Samples of requests running at once join the same write.
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { recordCalls, type CallSample, type HealthSystem, type TimedSample } from "@/lib/operations/health";
import { runAfterResponse } from "./after-response";

/** Samples waiting to be written, and the write once it has started. */
interface Batch {
  samples: Map<HealthSystem, TimedSample[]>;
  written: Promise<void> | null;
}

/** The batch new samples join; a batch being written takes no more. */
let open: Batch | null = null;

export function shopCallRecorder(system: HealthSystem): (sample: CallSample) => void {
  return (sample) => {
    const batch = (open ??= { samples: new Map(), written: null });
    const samples = batch.samples.get(system) ?? [];
    samples.push({ ...sample, at: systemClock.now() });
    batch.samples.set(system, samples);
    // Written once this sample's response has gone, if no other response's has written it
    // first; the host is kept alive until the write is done either way.
    runAfterResponse(() => write(batch));
  };
}

/** Starts the batch's write once, whichever response gets there first; every caller waits for it. */
function write(batch: Batch): Promise<void> {
  if (open === batch) open = null;
  batch.written ??= getKv()
    .then((kv) => Promise.all([...batch.samples].map(([system, samples]) => recordCalls(kv, system, samples))))
    .then(
      () => undefined,
      (error: unknown) => console.warn(`[operations] calls not recorded: ${String(error)}`),
    );
  return batch.written;
}
