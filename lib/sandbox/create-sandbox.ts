// One sandbox: the fixture's catalogue, a store, the order engine and the HTTP shell in front
// of them. Time, timers, storage and outgoing fetch are injectable so tests run without waiting.
import { jwtSecretOf } from "./auth/jwt-secret";
import { buildCatalogIndex } from "./catalog-index";
import type { Fixture } from "./fixture/schema";
import { createSandboxResponder, type SandboxResponder } from "./http/create-handler";
import { toResponse } from "./http/json-response";
import { fromWebRequest } from "./http/web-request";
import { createOrderEngine } from "./orders/create-order-engine";
import { systemClock, systemScheduler, type Clock, type Scheduler } from "@/lib/time/clock";
import { createMemoryStore } from "./store/memory-store";
import type { SandboxStore } from "./store/sandbox-store";

export interface SandboxOptions {
  fixture: Fixture;
  clock?: Clock;
  scheduler?: Scheduler;
  /** Where orders and balances live; in memory by default. */
  store?: SandboxStore;
  /** Used for order notifications to partners' notify_url. */
  notifyFetch?: typeof fetch;
  /** Prefix the sandbox is mounted under, e.g. "/sandbox" in the Next app; default "". */
  basePath?: string;
  /** Told about every unexpected exception (default: console.error). */
  onError?: (error: unknown) => void;
}

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  /** The same answers without Web objects, for the node:http server (serve.ts). */
  respond: SandboxResponder;
  fixture: Fixture;
  /** Stops the engine's timers (reservation expiry, supplier simulation, notification retries). */
  close(): void;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const { fixture } = options;
  const clock = options.clock ?? systemClock;
  const catalog = buildCatalogIndex(fixture);
  const engine = createOrderEngine({
    fixture,
    catalog,
    clock,
    scheduler: options.scheduler ?? systemScheduler,
    store: options.store ?? createMemoryStore(fixture),
    notifyFetch: options.notifyFetch,
  });
  const respond = createSandboxResponder({
    fixture,
    catalog,
    engine,
    clock,
    jwtSecret: jwtSecretOf(fixture),
    basePath: options.basePath,
    onError: options.onError,
  });
  return {
    handle: async (request) => toResponse(await respond(fromWebRequest(request))),
    respond,
    fixture,
    close: () => engine.close(),
  };
}
