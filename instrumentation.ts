// Runs once when the server starts, before it serves anything: a misconfigured live shop stops
// here with one message naming every missing setting, instead of failing on its first order.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartConfig } = await import("@/lib/shop/start-check");
  checkStartConfig();
  // Not awaited: KV may be slow to answer at start, and this only informs.
  const { logOverriddenSettings } = await import("@/lib/shop/pricing");
  logOverriddenSettings().catch((error: unknown) => console.warn(`[pricing] could not compare the price settings with the prices in force: ${String(error)}`));
}
