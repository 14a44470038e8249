// GET /api/account_check?game_id=&account=[&test=1] – does this player exist for this
// service? (spec 4.9, docs/partner-api-decisions.md items 21–22)
import { accountCheckQuerySchema, wireInt, wireString } from "@/lib/partner/schemas";
import type { CatalogIndex } from "../catalog-index";
import type { Fixture, FixturePartner, FixtureService } from "../fixture/schema";
import { ok, type ApiResult } from "../http/error-result";
import { queryObject } from "../http/query-params";
import { describeZodError } from "../http/zod-issue-text";
import { accountCheckBody, accountCheckError, type CheckIdentity } from "./account-check-body";
import { createPlayerDirectory } from "./player-directory";

/** Spec 4.5: the second fixed test account, beside the fixture's test_account_word. */
const TEST_ACCOUNT_NUMBER = "77778888";
const TEST_PLAYER_NAME = "Test Player";

export function createAccountCheck(fixture: Fixture, catalog: CatalogIndex): (partner: FixturePartner, params: URLSearchParams) => ApiResult {
  const players = createPlayerDirectory(fixture, catalog);
  const testAccounts = new Set([fixture.test_account_word, TEST_ACCOUNT_NUMBER]);

  return (partner, params) => {
    const query = queryObject(params);
    // Even a repeated parameter is answered with the 2.8 body, naming what was unambiguous.
    if (!query.ok) return accountCheckError(400, String(query.error.body.error_text), identify(unrepeated(params), catalog));
    return check(partner, query.value);
  };

  function check(partner: FixturePartner, query: Record<string, string>): ApiResult {
    const identity = identify(query, catalog);
    const parsed = accountCheckQuerySchema.safeParse(query);
    if (!parsed.success) return accountCheckError(400, describeZodError(parsed.error, query), identity);
    const { game_id, gameid, account, test } = parsed.data;
    const gameId = game_id ?? gameid;
    if (gameId === undefined) return accountCheckError(400, "game_id is required", identity);
    if (game_id !== undefined && gameid !== undefined && game_id !== gameid) {
      return accountCheckError(400, "game_id and gameid must be equal when both are given", identity);
    }

    const service = catalog.service(gameId);
    if (!service) return accountCheckError(404, `service ${gameId} not found`, identity);
    // A service without account checking has no check endpoint to find: an existence error,
    // so it is answered before access (docs/partner-api-decisions.md item 8b).
    if (!service.account_check) return accountCheckError(404, "the service does not support account check", identity);
    if (!catalog.hasAccess(partner, gameId)) return accountCheckError(400, "no access to the service", identity);
    if (!service.avalible) return accountCheckError(503, "service temporarily unavailable", identity);
    if (!service.account_check_enabled) {
      return accountCheckError(503, "account check is not enabled for this service", identity);
    }

    const found = { success: true, message: "player found", game_name: service.game_name, game_id: service.id, account };
    const notFound = { success: false, message: "player not found", game_name: service.game_name, game_id: service.id, account };
    // test=1 never asks a supplier: only the fixed test accounts exist (spec 4.5 and 4.9).
    if (test === 1) {
      if (!testAccounts.has(account)) return ok(accountCheckBody(notFound));
      return ok(accountCheckBody({ ...found, player_name: TEST_PLAYER_NAME, region: regionOf(service) }));
    }

    const player = players.find(service.id, account);
    if (player) return ok(accountCheckBody({ ...found, player_name: player.player_name, region: player.region }));
    const other = players.elsewhere(service, account);
    if (other) {
      return ok(
        accountCheckBody({
          ...notFound,
          message: "the account belongs to another region of this service",
          error_code: "wrong_service_region",
          player_name: other.player_name,
          region: other.region,
          recommended_game_id: other.game_id,
        }),
      );
    }
    return ok(accountCheckBody(notFound));
  }
}

function unrepeated(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    if (values.length === 1 && values[0] !== undefined) result[name] = values[0];
  }
  return result;
}

/** Whatever of game_name, game_id and account can be read from a request, even an invalid one. */
function identify(query: Record<string, string>, catalog: CatalogIndex): CheckIdentity {
  const id = wireInt.safeParse(query.game_id ?? query.gameid);
  const account = wireString.min(1).safeParse(query.account);
  const service = id.success ? catalog.service(id.data) : undefined;
  return {
    game_name: service?.game_name,
    game_id: id.success ? id.data : undefined,
    account: account.success ? account.data : undefined,
  };
}

/** The placeholder test player's region: where the service is sold. */
function regionOf(service: FixtureService): string {
  return service.country ?? service.region ?? "GLOBAL";
}
