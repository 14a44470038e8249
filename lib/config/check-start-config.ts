// The start-up check instrumentation.ts runs: the configuration must parse and name one mode.
// Next only logs an error thrown from register() and goes on serving, so this exits itself.
import { ConfigError, env } from "./env";
import { decideShopMode, modeWarnings } from "./shop-mode";

export function checkStartConfig(): void {
  try {
    const config = env();
    const mode = decideShopMode(config);
    if (!mode.ok) throw new ConfigError(mode.error.message);
    for (const warning of modeWarnings(config, mode.value)) console.warn(`[config] warning: ${warning}`);
    console.info(`[config] ${mode.value} shop`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[config] ${error.message}`);
    process.exit(1);
  }
}
