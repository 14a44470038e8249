// How long the embedded sandbox holds a reservation, as its fixture says: a demo shop's checkout
// times its payment page by it. Read here, in the shop's wiring, so that the checkout never
// imports the sandbox; loaded on demand, so a live shop never loads the sandbox's code.
export async function sandboxReservationSeconds() {
  const { getEmbeddedSandbox } = await import("./embedded-sandbox");
  return (await getEmbeddedSandbox()).fixture.reservation_ttl_seconds;
}
