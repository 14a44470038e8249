// npm run sweep – the recovery sweep once, from a shell or a system cron: advance every order
// whose deadline has come, with the shop's own configuration (.env files included, as
// `next start` reads them). Exits 1 if an order could not be advanced, so a cron job reports it.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

async function main(): Promise<void> {
  // Imported after the .env files are loaded: configuration is read on first use.
  const { checkStartConfig } = await import("@/lib/config/check-start-config");
  const { orderDeps } = await import("@/lib/checkout/shop-checkout");
  const { sweep } = await import("@/lib/checkout/sweep");
  checkStartConfig();
  const deps = await orderDeps();
  let total = 0;
  for (;;) {
    const report = await sweep(deps, { limit: 100 });
    total += report.advanced;
    for (const failure of report.failed) console.error(`order ${failure.orderId}: not advanced (${failure.code})`);
    if (report.failed.length > 0) process.exit(1);
    // A full batch may mean more are due; a short one means the index is drained for now.
    if (report.advanced < 100) break;
  }
  console.log(`sweep: ${total} order(s) advanced`);
  process.exit(0);
}

void main();
