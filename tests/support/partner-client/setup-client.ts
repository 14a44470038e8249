// A client wired to a FakeService and ManualTimers, as every client test needs it.
import { createPartnerClient } from "@/lib/partner/client/create-partner-client";
import type { PartnerClientOptions } from "@/lib/partner/client/partner-client";
import { FakeService } from "@/tests/support/partner-client/fake-service";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";

export const BASE_URL = "https://partner.test";

/** `timedSleep`: retry waits last until the test advances the clock (see ManualTimers.timedSleep). */
export function setupClient(overrides: Partial<PartnerClientOptions> = {}, { timedSleep = false } = {}) {
  const timers = new ManualTimers();
  const service = new FakeService(timers);
  const client = createPartnerClient({
    baseUrl: BASE_URL,
    login: "demo",
    apiKey: "demo-key",
    fetch: service.fetch,
    clock: timers,
    scheduler: timers,
    sleep: timedSleep ? timers.timedSleep : timers.sleep,
    random: () => 0.5,
    ...overrides,
  });
  return { timers, service, client };
}
