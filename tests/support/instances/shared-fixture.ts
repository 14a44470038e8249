// The sandbox fixture every instance of the many-instances test starts from: the bundled one,
// with the partner's notifications sent to the shop's public origin (whichever instance
// answers there), short reservations and notification retries, and a supplier slow enough
// that payments are still being fulfilled when an instance is killed.
import { readFileSync, writeFileSync } from "node:fs";

export interface SharedFixtureOptions {
  shopUrl: string;
  notifySecret: string;
  reservationSeconds: number;
  supplierSeconds: number;
  /** Services whose supplier takes `supplierSeconds`. */
  services: ReadonlySet<number>;
}

interface FixtureJson {
  reservation_ttl_seconds: number;
  notify_retry_delays_seconds: number[];
  partners: { notify_url: string | null; notify_headers: Record<string, string> }[];
  services: { id: number; supplier?: { latency_seconds: number } }[];
}

/** Writes the fixture to `path`; the embedded sandboxes read it through SANDBOX_FIXTURE. */
export function writeSharedFixture(path: string, options: SharedFixtureOptions): void {
  const fixture = JSON.parse(readFileSync("lib/sandbox/fixture/default-fixture.json", "utf8")) as FixtureJson;
  fixture.reservation_ttl_seconds = options.reservationSeconds;
  fixture.notify_retry_delays_seconds = [2, 5, 10, 30];
  const [partner] = fixture.partners;
  if (!partner) throw new Error("the bundled fixture has no partner");
  partner.notify_url = `${options.shopUrl}/api/webhooks/partner`;
  partner.notify_headers = { "x-notify-secret": options.notifySecret };
  for (const service of fixture.services) {
    if (options.services.has(service.id) && service.supplier) service.supplier.latency_seconds = options.supplierSeconds;
  }
  writeFileSync(path, JSON.stringify(fixture));
}
