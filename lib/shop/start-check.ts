// The start-up check instrumentation.ts runs: the configuration must parse, name one mode, and
// say where orders are kept, how payments are taken and which bot check guards the checkout. Next only logs an error thrown from
// register() and goes on serving, so this exits itself.
import { adminStartProblems } from "@/lib/auth/admin-settings";
import { botCheckSetting } from "@/lib/fraud/bot-check-setting";
import { resolveKvDriver } from "@/lib/kv/resolve-driver";
import { resolvePaymentsTarget } from "@/lib/payments/resolve-payments-target";
import { ConfigError, env } from "@/lib/config/env";
import { decideShopMode, modeWarnings } from "@/lib/config/shop-mode";
import { startAddressProblem } from "@/lib/config/listen-host";
import { decideScheduler, schedulerProblem } from "@/lib/config/scheduler-settings";
import { isServerlessHost } from "@/lib/kv/resolve-driver";

/** This process is one of a serverless host's functions (each starts on its own, cold). */
export function onServerlessHost(): boolean {
  return isServerlessHost({ VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME });
}

export function checkStartConfig(): void {
  try {
    const address = startAddressProblem({ argv: process.argv, env: process.env });
    if (address) throw new ConfigError(`Invalid start: ${address}`);
    const config = env();
    const mode = decideShopMode(config);
    if (!mode.ok) throw new ConfigError(mode.error.message);
    // Both throw or answer the variable to fix; neither loads a driver or the payments sandbox.
    resolveKvDriver(config, { VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME });
    const payments = resolvePaymentsTarget(config, mode.value);
    if (!payments.ok) throw new ConfigError(`Invalid configuration:\n  ${payments.error}`);
    const botCheck = botCheckSetting(config, mode.value);
    if (!botCheck.ok) throw new ConfigError(`Invalid configuration:\n  ${botCheck.error}`);
    const admin = adminStartProblems(config, mode.value);
    if (admin.length > 0) throw new ConfigError(`Invalid configuration: the admin (/admin) needs ${admin.join(", ")}`);
    const scheduler = decideScheduler(config, mode.value, onServerlessHost());
    if (!scheduler.ok) throw new ConfigError(schedulerProblem(scheduler.missing));
    for (const warning of modeWarnings(config, mode.value)) console.warn(`[config] warning: ${warning}`);
    console.info(`[config] ${mode.value} shop`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[config] ${error.message}`);
    process.exit(1);
  }
}
