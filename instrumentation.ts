// Runs once when the server starts, before it serves anything: a misconfigured live shop stops
// here with one message naming every missing setting, instead of failing on its first order.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartConfig } = await import("@/lib/shop/start-check");
  checkStartConfig();
}
