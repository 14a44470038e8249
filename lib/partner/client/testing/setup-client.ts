// A client wired to a FakeService and ManualTimers, as every client test needs it.
import { createPartnerClient } from "../create-partner-client";
import type { PartnerClientOptions } from "../partner-client";
import { FakeService } from "./fake-service";
import { ManualTimers } from "./manual-timers";

export const BASE_URL = "https://partner.test";

export function setupClient(overrides: Partial<PartnerClientOptions> = {}) {
  const timers = new ManualTimers();
  const service = new FakeService(timers);
  const client = createPartnerClient({
    baseUrl: BASE_URL,
    login: "demo",
    apiKey: "demo-key",
    fetch: service.fetch,
    clock: timers,
    scheduler: timers,
    sleep: timers.sleep,
    random: () => 0.5,
    ...overrides,
  });
  return { timers, service, client };
}
