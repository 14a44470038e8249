// npm run sweep – the recovery sweep once, from a shell or a system cron: advance every order
// whose deadline has come, with the shop's own configuration (.env files included, as
// `next start` reads them). One order that cannot be advanced does not stop the others; the
// exit code is 1 if any could not, so a cron job reports it.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

async function main(): Promise<void> {
  // Imported after the .env files are loaded: configuration is read on first use.
  const { checkStartConfig } = await import("@/lib/shop/start-check");
  const { orderDeps } = await import("@/lib/shop/checkout");
  const { sweep } = await import("@/lib/checkout/sweep");
  const { sweepOrderEmails } = await import("@/lib/checkout/order-email");
  const { shopMailer, SHOP_NAME } = await import("@/lib/shop/mailer");
  const { finishOpenRefunds } = await import("@/lib/checkout/owner-actions/open-refunds");
  const { detachedWorkSettled } = await import("@/lib/shop/after-response");
  checkStartConfig();
  const deps = await orderDeps();
  // No cap: the sweep looks at each due order once per run, so orders that stay due (KV
  // trouble, another run holding them) cannot keep a shell's sweep going forever.
  const report = await sweep(deps);
  let failed = report.failed.length;
  for (const failure of report.failed) console.error(`order ${failure.orderId}: not advanced (${failure.code})`);
  // The order emails a checkout did not send after answering (its process died): sent now.
  const emails = await sweepOrderEmails({ ...deps, mailer: shopMailer(), shopName: SHOP_NAME });
  failed += emails.failed;
  // The owner's refunds a click left unfinished (a lost Stripe answer): finished as the cron does.
  const refunds = await finishOpenRefunds({ ...deps, mailer: shopMailer(), shopName: SHOP_NAME });
  failed += refunds.failed;
  // The deadlines' QStash messages for the orders advanced above go out after each step, as
  // after a request's answer; exiting first would leave those orders to the next sweep.
  await detachedWorkSettled();
  console.log(`sweep: ${report.advanced} order(s) advanced, ${failed} not; ${emails.sent} order email(s) sent; ${refunds.finished} owner refund(s) finished, ${refunds.open} still open`);
  process.exit(failed > 0 ? 1 : 0);
}

void main();
