// What the buyer will pay and what it costs us, decided on the server from the cached
// catalogue with the same pricing function the pages use, then frozen on the order. The
// account is checked against the product's own form, so a malformed value never goes upstream.
// The cache keeps its last good copy through an upstream outage (for the pages), but a quote
// must not come from it: a pay-first order has no later price check, since upstream debits
// today's cost when we order. So a quote comes only from reads no older than a bound
// (docs/architecture-decisions.md item 33a).
import { accountStringSchema } from "@/lib/catalog/account-form";
import { balanceCost } from "@/lib/catalog/balance-cost";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { checkoutPresentation } from "@/lib/catalog/presentation/checkout-presentation";
import { brandOf } from "@/lib/catalog/map-service";
import { toDenomination } from "@/lib/catalog/map-voucher";
import { BALANCE_ACCOUNT_FORM } from "@/lib/catalog/purchase-account-form";
import { quoteTopUp } from "@/lib/catalog/quote-top-up";
import type { TopUpProblem } from "@/lib/catalog/top-up-amount";
import type { AccountForm, Product } from "@/lib/catalog/types";
import type { Cached } from "@/lib/catalog/stale-while-revalidate";
import { cachedGamesList, cachedVouchers } from "@/lib/catalog/upstream-cache";
import { moneyFromDecimal } from "@/lib/money";
import type { Service, Voucher } from "@/lib/partner/schemas";
import { err, ok, type Result } from "@/lib/result";
import type { CheckoutRequest } from "./checkout-request";
import type { NewOrderInput } from "./new-order";
import { firstIssue } from "@/lib/http/first-issue";

export type Quote = Pick<NewOrderInput, "flow" | "item" | "account" | "activation" | "quote">;

export type QuoteError =
  | { code: "invalid"; field: string; message: string }
  | { code: "not_found"; field: string; message: string }
  | { code: "unavailable"; message: string }
  | { code: "catalog_unavailable"; message: string };

export interface QuoteOptions {
  /** Oldest catalogue read a quote may rest on (ms since it came from upstream). */
  maxAgeMs: number;
}

/** Said when the only copy is too old: upstream did not answer the refresh this read asked for. */
const PRICES_UNCONFIRMED: QuoteError = {
  code: "catalog_unavailable",
  message: "Prices could not be confirmed with our supplier just now; nothing was charged. Try again in a minute.",
};

export async function quoteOrder(deps: CatalogDeps, request: CheckoutRequest, options: QuoteOptions): Promise<Result<Quote, QuoteError>> {
  const games = await cachedGamesList(deps);
  if (!games.ok) return err({ code: "catalog_unavailable", message: "The catalogue is temporarily unavailable; try again shortly." });
  // The games list decides availability, the flow and a top-up's discount: it must be recent too.
  if (tooOld(games.value, deps, options)) return err(PRICES_UNCONFIRMED);
  const services = games.value.value;
  // The voucher list of the service the request names is read in the same round as the owner's
  // presentation: on Redis or Upstash each read is a round trip the buyer waits for.
  const named = request.voucher_id === undefined ? undefined : services.find((s) => s.type === "voucher" && s.id === request.game_id);
  const [presentation, namedList] = await Promise.all([checkoutPresentation(deps, services), named && cachedVouchers(deps, named.id)]);
  // What the owner hid is refused even when a page loaded before posts it (409, not_available).
  const hidden = await presentation.refusal(request);
  if (hidden) return err({ code: "unavailable", message: hidden });
  if (request.voucher_id === undefined) return quoteBalance(deps, services, request, presentation.product);
  const vouchersOf = async (serviceId: number) => (namedList && serviceId === named?.id ? namedList : cachedVouchers(deps, serviceId));
  return quoteVoucher(deps, services, request, request.voucher_id, options, vouchersOf);
}

/**
 * Reading through the cache has already asked upstream for a refresh when the copy was due, so
 * an old copy here means upstream failed (or another instance is still refreshing it): refusing
 * costs the buyer a retry, quoting could cost us the difference on every order.
 */
function tooOld(read: Cached<unknown>, deps: CatalogDeps, options: QuoteOptions): boolean {
  return deps.clock.now() - read.fetchedAt > options.maxAgeMs;
}

async function quoteVoucher(
  deps: CatalogDeps,
  services: Service[],
  request: CheckoutRequest,
  voucherId: number,
  options: QuoteOptions,
  vouchersOf: (serviceId: number) => ReturnType<typeof cachedVouchers>,
): Promise<Result<Quote, QuoteError>> {
  const candidates = services.filter((s) => s.type === "voucher" && (request.game_id === undefined || s.id === request.game_id));
  for (const service of candidates) {
    const list = await vouchersOf(service.id);
    if (!list.ok) {
      if (request.game_id !== undefined) return err({ code: "unavailable", message: "This product is temporarily unavailable." });
      continue;
    }
    const voucher = list.value.value.kind === "vouchers" ? list.value.value.vouchers.find((v) => v.voucher_id === voucherId) : undefined;
    if (voucher) return tooOld(list.value, deps, options) ? err(PRICES_UNCONFIRMED) : priceVoucher(deps, service, voucher, request);
  }
  return err({ code: "not_found", field: "voucher_id", message: `voucher_id ${voucherId} is not sold here` });
}

function priceVoucher(deps: CatalogDeps, service: Service, voucher: Voucher, request: CheckoutRequest): Result<Quote, QuoteError> {
  const denomination = toDenomination(voucher, { serviceId: service.id, brand: brandOf(service) }, deps.policy);
  const cost = moneyFromDecimal(voucher.amount, voucher.currency, "up");
  if (!service.avalible || !denomination.available || !denomination.price || !cost.ok) {
    return err({ code: "unavailable", message: `${voucher.voucher_name} cannot be bought right now.` });
  }
  const account = checkAccount(denomination.account, request.account);
  if (!account.ok) return account;
  if (request.activation && (service.activation !== "auto" || voucher.delivery_method !== "voucher_code")) {
    return err({ code: "invalid", field: "activation", message: "This voucher cannot be activated automatically" });
  }
  return ok({
    flow: service.request && voucher.delivery_method === "voucher_code" ? "reservation" : "pay_first",
    item: {
      kind: "voucher",
      gameId: service.id,
      voucherId: voucher.voucher_id,
      name: voucher.voucher_name,
      gameName: service.game_name,
      deliveryMethod: voucher.delivery_method,
    },
    account: account.value,
    activation: request.activation ?? false,
    quote: { price: denomination.price, cost: cost.value, ruleVersion: deps.policy.version },
  });
}

async function quoteBalance(deps: CatalogDeps, services: Service[], request: CheckoutRequest, present: (service: Service) => Product): Promise<Result<Quote, QuoteError>> {
  const service = services.find((s) => s.id === request.game_id);
  if (!service) return err({ code: "not_found", field: "game_id", message: `game_id ${request.game_id ?? ""} is not sold here` });
  // The owner's top-up range, checked again here whatever the page allowed.
  const product = present(service);
  if (product.type !== "balance") return err({ code: "invalid", field: "game_id", message: "This product sells fixed amounts: give voucher_id" });
  const quoted = quoteTopUp(product, request.amount ?? "", deps.policy);
  if (!quoted.ok) return err({ code: "invalid", field: "amount", message: await amountProblemInEnglish(quoted.error) });
  const account = checkAccount(BALANCE_ACCOUNT_FORM, request.account);
  if (!account.ok) return account;
  if (request.activation) return err({ code: "invalid", field: "activation", message: "A top-up has no activation" });
  return ok({
    flow: "pay_first",
    item: { kind: "balance", gameId: service.id, name: service.game_name, amount: quoted.value.amount },
    account: account.value,
    activation: false,
    quote: { price: quoted.value.price, cost: balanceCost(quoted.value.amount, product.discountPercent ?? 0), ruleVersion: deps.policy.version },
  });
}

/**
 * The API's words for a refused amount come from the English messages, loaded with next-intl
 * only when an amount is refused: the checkout's other answers need neither
 * (docs/architecture-decisions.md item 234).
 */
async function amountProblemInEnglish(problem: TopUpProblem): Promise<string> {
  const { topUpProblemInEnglish } = await import("@/lib/i18n/english");
  return topUpProblemInEnglish(problem);
}

function checkAccount(form: AccountForm | null, account: string | undefined): Result<string | null, QuoteError> {
  if (form === null) {
    return account === undefined ? ok(null) : err({ code: "invalid", field: "account", message: "This product needs no account: leave account out" });
  }
  if (account === undefined) return err({ code: "invalid", field: "account", message: "account is required for this product" });
  const parsed = accountStringSchema(form).safeParse(account);
  if (!parsed.success) return err({ code: "invalid", field: "account", message: firstIssue(parsed.error).message });
  return ok(parsed.data);
}
