// The upstream for storefront benchmarks: the sandbox over loopback with a count of every
// request it receives and the time it spent answering, so that "upstream calls per page view"
// and "upstream time per checkout" are measured, not inferred.
import type { Fixture } from "@/lib/sandbox/fixture/schema";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import type { SandboxRequest } from "@/lib/sandbox/http/sandbox-request";
import { serveSandbox, type RunningSandbox } from "@/lib/sandbox/serve";

export interface CountingSandbox extends RunningSandbox {
  /** Requests received since the last reset, by path. */
  calls(): Record<string, number>;
  /** Milliseconds spent answering them since the last reset, by path. */
  timeMs(): Record<string, number>;
  total(): number;
  reset(): void;
}

export async function startCountingSandbox(port: number, fixture?: Fixture): Promise<CountingSandbox> {
  const sandbox = createSandbox({ fixture: fixture ?? (await loadFixture()) });
  let counts: Record<string, number> = {};
  let times: Record<string, number> = {};
  // serveSandbox answers through `respond` (not `handle`), so that is what is counted.
  const counted = {
    ...sandbox,
    async respond(request: SandboxRequest) {
      const path = request.url.pathname;
      counts[path] = (counts[path] ?? 0) + 1;
      const started = performance.now();
      try {
        return await sandbox.respond(request);
      } finally {
        times[path] = (times[path] ?? 0) + performance.now() - started;
      }
    },
  };
  const running = await serveSandbox(counted, { port });
  return {
    ...running,
    calls: () => ({ ...counts }),
    timeMs: () => ({ ...times }),
    total: () => Object.values(counts).reduce((a, b) => a + b, 0),
    reset: () => {
      counts = {};
      times = {};
    },
  };
}
