// The floor under the checkout's own time: a route that does what POST /api/checkout must do at
// the least — read the JSON body, make two calls (the reservation's JSON, the payment page's
// form), answer 201 — against a bare HTTP server that answers at once (bench/bare-server.mjs at
// FLOOR_UPSTREAM). What it takes is Next's and Node's part of any such route on this machine
// (bench/lib/framework-floor.ts).
export async function POST(request) {
  const body = await request.json();
  const upstream = process.env.FLOOR_UPSTREAM;
  const reserved = await fetch(`${upstream}/api/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const session = await fetch(`${upstream}/v1/checkout/sessions`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ mode: "payment" }) });
  return Response.json({ reserved: await reserved.json(), session: await session.json() }, { status: 201 });
}
