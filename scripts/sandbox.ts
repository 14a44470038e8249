// npm run sandbox – the Partner API sandbox on its own, for integrators and for our own tests.
import { env } from "@/lib/config/env";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { serveSandbox } from "@/lib/sandbox/serve";

async function main(): Promise<void> {
  const config = env();
  const port = process.env.PORT ? config.PORT : 4010;
  const fixture = await loadFixture(config.SANDBOX_FIXTURE);
  const sandbox = createSandbox({ fixture });
  const running = await serveSandbox(sandbox, { port, host: process.env.HOST ?? "127.0.0.1" });

  const partner = fixture.partners[0];
  console.log(`Partner API sandbox (spec v1.0.9) listening on ${running.baseUrl}`);
  console.log(`Fixture: ${config.SANDBOX_FIXTURE ?? "bundled default"}`);
  if (partner) {
    console.log(`Default partner: login "${partner.login}", api_key "${partner.api_key}"`);
    console.log(
      `Try: curl -s -X POST ${running.baseUrl}/api/auth/login -H 'Content-Type: application/json' ` +
        `-d '{"login":"${partner.login}","api_key":"${partner.api_key}"}'`,
    );
  }

  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
