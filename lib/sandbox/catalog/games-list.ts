// GET /api/gameslist – the services this partner may order (spec 4.3).
import type { CatalogIndex } from "../catalog-index";
import type { Fixture, FixturePartner } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";

export function createGamesList(fixture: Fixture, catalog: CatalogIndex): (partner: FixturePartner) => ApiResult {
  // The fixture never changes while the sandbox runs, so each partner's list is built once.
  const answers = new Map<number, ApiResult>();
  return (partner) => {
    let answer = answers.get(partner.partner_id);
    if (!answer) {
      const games = fixture.services
        .filter((service) => catalog.hasAccess(partner, service.id))
        .map((service) => catalog.servedService(service));
      answer = games.length ? ok({ available_games: games }) : errorResult(404, "no available services");
      answers.set(partner.partner_id, answer);
    }
    return answer;
  };
}
