// docs/partner-api-decisions.md item 21: the fixture's `players` stand in for the suppliers' account checkers.
import type { CatalogIndex } from "../catalog-index";
import type { Fixture, FixturePlayer, FixtureService } from "../fixture/schema";

export interface PlayerDirectory {
  /** The player registered under this service and account. */
  find(serviceId: number, account: string): FixturePlayer | undefined;
  /** The same account under another service of the same brand (a region mismatch). */
  elsewhere(service: FixtureService, account: string): FixturePlayer | undefined;
}

export function createPlayerDirectory(fixture: Fixture, catalog: CatalogIndex): PlayerDirectory {
  const byAccount = new Map<string, FixturePlayer[]>();
  for (const player of fixture.players) {
    const list = byAccount.get(player.account) ?? [];
    list.push(player);
    byAccount.set(player.account, list);
  }
  return {
    find: (serviceId, account) => byAccount.get(account)?.find((p) => p.game_id === serviceId),
    elsewhere(service, account) {
      if (service.brand === null) return undefined;
      return byAccount
        .get(account)
        ?.find((p) => p.game_id !== service.id && catalog.service(p.game_id)?.brand === service.brand);
    },
  };
}
