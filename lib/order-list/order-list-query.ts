// The admin order list's filters, search and page as one value. The filter form is a plain GET
// form, so the page, the CSV export and the form's own error messages all read the URL with
// this one schema; a bad value is named, never silently dropped.
import { z } from "zod";
import { ORDER_STATES } from "@/lib/checkout/order-states";

export const ORDER_LIST_PAGE_SIZES = [25, 50, 100] as const;

/** An empty form field means "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

/** A calendar day, read in UTC (the dates the list shows are UTC too). */
const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "expected a date as YYYY-MM-DD" }).refine(
  (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
  { error: "not a calendar date" },
);

export const orderListQuerySchema = z
  .object({
    state: optional(z.enum(ORDER_STATES, { error: "not an order state" })),
    from: optional(day),
    to: optional(day),
    product: optional(z.coerce.number({ error: "expected a product number" }).int().positive({ error: "expected a product number" })),
    flow: optional(z.enum(["reservation", "pay_first"], { error: "not a checkout flow" })),
    mode: optional(z.enum(["live", "test"], { error: "expected live or test" })),
    /** Our order id, upstream's order id, a Checkout Session or PaymentIntent id, or the buyer's email. */
    q: optional(z.string().trim().max(200, { error: "at most 200 characters" })),
    /** Where the previous page ended (order-index.ts cursor). */
    after: optional(z.string().max(100)),
    size: z.preprocess(
      (value) => (value === undefined || value === "" ? "50" : value),
      z.coerce.number().refine((n) => (ORDER_LIST_PAGE_SIZES as readonly number[]).includes(n), { error: "expected 25, 50 or 100 rows a page" }),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: "the start date is after the end date", path: ["to"] });

export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** The filters alone: what the CSV export and the "first page" link carry. */
export type OrderListFilters = Omit<OrderListQuery, "after" | "size">;

export function filtersOf({ q, state, from, to, product, flow, mode }: OrderListQuery): OrderListFilters {
  return { q, state, from, to, product, flow, mode };
}

export type QueryFieldErrors = Partial<Record<keyof OrderListQuery, string>>;

/** The URL's parameters (first value of a repeated one) checked; errors by field for the form. */
export function readOrderListQuery(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): { ok: true; query: OrderListQuery } | { ok: false; errors: QueryFieldErrors; raw: Record<string, string> } {
  const raw: Record<string, string> = {};
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [key, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && !(key in raw)) raw[key] = first;
  }
  const parsed = orderListQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: QueryFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof OrderListQuery | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors, raw };
}

/** Start and end (both included) of the query's days, in ms; open ends are unbounded. */
export function createdRange(query: Pick<OrderListQuery, "from" | "to">): { from?: number; to?: number } {
  return {
    from: query.from ? Date.parse(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? Date.parse(`${query.to}T00:00:00Z`) + 86_400_000 - 1 : undefined,
  };
}

/** The query as URL parameters, defaults left out, so the plain list stays /admin/orders. */
export function orderListParams(query: Partial<OrderListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["q", "state", "from", "to", "product", "flow", "mode", "after"] as const) {
    const value = query[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  if (query.size !== undefined && query.size !== 50) params.set("size", String(query.size));
  return params;
}
