// Runs once when the server starts, before it serves anything: a misconfigured live shop stops
// here with one message naming every missing setting, instead of failing on its first order.
// Then the deadlines' scheduler: on a long-running server without QStash, an in-process loop;
// with QStash, its schedules kept. Never a timer on a serverless host (lib/shop/scheduler.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartConfig, onServerlessHost } = await import("@/lib/shop/start-check");
  checkStartConfig();
  // Not awaited: KV may be slow to answer at start, and this only informs. Not on a serverless
  // host, where every function's cold start would say it again and read the prices from KV
  // beside its first request; the admin's prices page says it there
  // (docs/architecture-decisions.md item 236).
  if (!onServerlessHost()) {
    const { logOverriddenSettings } = await import("@/lib/shop/pricing");
    logOverriddenSettings().catch((error: unknown) => console.warn(`[pricing] could not compare the price settings with the prices in force: ${String(error)}`));
  }
  // Not awaited either: the server serves nothing until register() returns, and a demo on a
  // shared store builds its parts by calling its own origin (the sandboxes), which would wait
  // for this very server forever.
  const { startScheduler } = await import("@/lib/shop/scheduler");
  startScheduler().catch((error: unknown) => console.error(`[scheduler] not started: ${String(error)}`));
}
