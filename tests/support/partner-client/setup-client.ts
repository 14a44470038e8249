// A client wired to a FakeService and ManualTimers, as every client test needs it.
import { createPartnerClient } from "@/lib/partner/client/create-partner-client";
import type { PartnerClientOptions } from "@/lib/partner/client/partner-client";
import { FakeService } from "@/tests/support/partner-client/fake-service";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";

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
