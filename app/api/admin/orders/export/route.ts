// GET /api/admin/orders/export?<the list's filters> – the filtered order list as a CSV file,
// streamed page by page (lib/order-list/order-csv.ts). Staff may export what they may list.
import { adminRoute } from "@/lib/shop/admin-guard";
import { problem } from "@/lib/http/json-answer";
import { route } from "@/lib/http/route";
import { getKv } from "@/lib/kv/get-kv";
import { orderCsvStream } from "@/lib/order-list/order-csv";
import { filtersOf, readOrderListQuery } from "@/lib/order-list/order-list-query";

export const GET = route({}, adminRoute("staff", async (request) => {
  const read = readOrderListQuery(new URL(request.url).searchParams);
  if (!read.ok) {
    const [field, message] = Object.entries(read.errors)[0] ?? ["query", "invalid"];
    return problem("invalid", `${field}: ${message}`);
  }
  const stream = await orderCsvStream(await getKv(), filtersOf(read.query));
  if (!stream.ok) return problem("orders_unavailable", "The orders cannot be read now; try again shortly.");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream.value, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}));
