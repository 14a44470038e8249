// Runs once when the server starts, before it serves anything: a misconfigured live shop stops
// here with one message naming every missing setting, instead of failing on its first order.
// Then the deadlines' scheduler: on a long-running server without QStash, an in-process loop;
// with QStash, its schedules kept. Never a timer on a serverless host (lib/shop/scheduler.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartConfig } = await import("@/lib/shop/start-check");
  checkStartConfig();
  const { startScheduler } = await import("@/lib/shop/scheduler");
  await startScheduler().catch((error: unknown) => console.error(`[scheduler] not started: ${String(error)}`));
}
