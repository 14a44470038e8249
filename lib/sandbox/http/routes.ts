// Spec section 4: every endpoint, its method, and how its input is read. Authentication and the
// rate limit are applied around these in create-handler.ts, once for all.
import { orderInfoQuerySchema, orderUpdateRequestSchema } from "@/lib/partner/schemas";
import { z } from "zod";
import { createAccountCheck } from "../account-check/account-check";
import { createLogin } from "../auth/login";
import type { Tokens } from "../auth/tokens";
import { createGamesList } from "../catalog/games-list";
import { createVoucherAvailable } from "../catalog/voucher-available";
import type { CatalogIndex } from "../catalog-index";
import type { Fixture, FixturePartner } from "../fixture/schema";
import type { OrderEngine } from "../orders/order-engine";
import type { ApiResult } from "./error-result";
import { readJsonObject, type JsonObject } from "./json-body";
import { parseWith } from "./parse-with";
import { createPay } from "./pay-endpoint";
import { queryObject } from "./query-params";
import { createRevise } from "./revise-endpoint";
import { supplierRefundRequestSchema } from "../orders/supplier-refund";
import type { SandboxRequest } from "./sandbox-request";

export type Method = "GET" | "POST";

export type Route =
  | { method: Method; public: true; run(request: SandboxRequest): Promise<ApiResult> }
  | { method: Method; public: false; run(request: SandboxRequest, partner: FixturePartner): Promise<ApiResult> };

export interface RouteDeps {
  fixture: Fixture;
  catalog: CatalogIndex;
  engine: OrderEngine;
  tokens: Tokens;
}

const noParameters = z.strictObject({});

export function buildRoutes({ fixture, catalog, engine, tokens }: RouteDeps): Map<string, Route> {
  const login = createLogin(fixture, tokens);
  const gamesList = createGamesList(fixture, catalog);
  const voucherAvailable = createVoucherAvailable(catalog);
  const accountCheck = createAccountCheck(fixture, catalog);
  const pay = createPay(engine);
  const revise = createRevise(engine);

  return new Map<string, Route>([
    [
      "/api/auth/login",
      {
        method: "POST",
        public: true,
        async run(request) {
          const body = await readJsonObject(request);
          return body.ok ? login(body.value) : body.error;
        },
      },
    ],
    ["/api/balance", get((partner, query) => withParsed(noParameters, query, () => engine.balance(partner)))],
    ["/api/gameslist", get(async (partner, query) => withParsed(noParameters, query, async () => gamesList(partner)))],
    ["/api/voucher_available", get(async (partner, query) => voucherAvailable(partner, query))],
    ["/api/pay", post(pay)],
    ["/api/order_update", post((partner, body) => withParsed(orderUpdateRequestSchema, body, (r) => engine.orderUpdate(partner, r)))],
    ["/api/get_order_info", get((partner, query) => withParsed(orderInfoQuerySchema, query, (q) => engine.orderInfo(partner, q)))],
    ["/api/revise", post(revise)],
    // Not the Partner API: the sandbox's own control of its supplier (orders/supplier-refund.ts).
    ["/control/supplier_refund", post((partner, body) => withParsed(supplierRefundRequestSchema, body, (r) => engine.supplierRefund(partner, r)))],
    [
      "/api/account_check",
      { method: "GET", public: false, run: async (request, partner) => accountCheck(partner, request.url.searchParams) },
    ],
  ]);
}

function get(run: (partner: FixturePartner, query: Record<string, string>) => Promise<ApiResult>): Route {
  return {
    method: "GET",
    public: false,
    async run(request, partner) {
      const query = queryObject(request.url.searchParams);
      return query.ok ? run(partner, query.value) : query.error;
    },
  };
}

function post(run: (partner: FixturePartner, body: JsonObject) => Promise<ApiResult>): Route {
  return {
    method: "POST",
    public: false,
    async run(request, partner) {
      const body = await readJsonObject(request);
      return body.ok ? run(partner, body.value) : body.error;
    },
  };
}

async function withParsed<S extends z.ZodType>(
  schema: S,
  input: unknown,
  run: (value: z.output<S>) => Promise<ApiResult>,
): Promise<ApiResult> {
  const parsed = parseWith(schema, input);
  return parsed.ok ? run(parsed.value) : parsed.error;
}
