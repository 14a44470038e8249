// The upstream for storefront benchmarks: the sandbox over loopback with a count of every
// request it receives, so that "upstream calls per page view" is measured, not inferred.
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { serveSandbox, type RunningSandbox } from "@/lib/sandbox/serve";

export interface CountingSandbox extends RunningSandbox {
  /** Requests received since the last reset, by path. */
  calls(): Record<string, number>;
  total(): number;
  reset(): void;
}

export async function startCountingSandbox(port: number): Promise<CountingSandbox> {
  const sandbox = createSandbox({ fixture: await loadFixture() });
  let counts: Record<string, number> = {};
  const counted = {
    ...sandbox,
    handle(request: Request) {
      const path = new URL(request.url).pathname;
      counts[path] = (counts[path] ?? 0) + 1;
      return sandbox.handle(request);
    },
  };
  const running = await serveSandbox(counted, { port });
  return {
    ...running,
    calls: () => ({ ...counts }),
    total: () => Object.values(counts).reduce((a, b) => a + b, 0),
    reset: () => void (counts = {}),
  };
}
