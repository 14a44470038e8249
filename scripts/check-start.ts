// npm run vercel-build runs this before `next build` (the host runs "vercel-build" when a
// package has one): the start check on the deployment's own settings, so a misconfigured shop
// fails its build, naming each missing setting, instead of building fine and then exiting in
// every function at its first request.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

async function main(): Promise<void> {
  // Imported after the .env files are loaded: configuration is read on first use.
  const { checkStartConfig } = await import("@/lib/shop/start-check");
  checkStartConfig();
}

void main();
