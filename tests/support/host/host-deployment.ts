// A deployment of the built functions: the output read, a function pool with the environment a
// deployment's settings give its functions, and the front door in front of them. The front
// door's address is the shop's origin (SHOP_URL), so payment webhooks and order links come
// back through it, as on the host.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../free-port";
import { startFrontDoor, type FrontDoor } from "./front-door";
import { startFunctionPool, type FunctionPool } from "./function-pool";
import { readVercelOutput, type OutputFunction, type VercelOutput } from "./vercel-output";

export interface HostDeployment {
  url: string;
  output: VercelOutput;
  pool: FunctionPool;
  door: FrontDoor;
  stop(): Promise<void>;
}

/**
 * `env` is the deployment's settings (the store, the mode, secrets); the host adds VERCEL and
 * its own. Nothing of the test runner's environment leaks in but PATH.
 */
export async function startHostDeployment(options: {
  projectRoot: string;
  outputDir: string;
  workDir: string;
  env: Record<string, string>;
  /** Node's own options for each function's process (function-pool.ts). */
  nodeArgs?: (fn: OutputFunction) => string[];
}): Promise<HostDeployment> {
  const output = readVercelOutput(options.outputDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const deployRoot = join(options.workDir, "deployed");
  const logDir = join(options.workDir, "logs");
  const tmp = join(options.workDir, "tmp");
  for (const dir of [deployRoot, logDir, tmp]) mkdirSync(dir, { recursive: true });
  const pool = startFunctionPool({
    projectRoot: options.projectRoot,
    deployRoot,
    logDir,
    nodeArgs: options.nodeArgs,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: tmp,
      TMPDIR: tmp,
      NODE_ENV: "production",
      VERCEL: "1",
      VERCEL_ENV: "production",
      VERCEL_URL: url.replace(/^http:\/\//, ""),
      VERCEL_REGION: "iad1",
      SHOP_URL: url,
      // A demo's payments sandbox calls the shop's webhook at the shop's own origin.
      STRIPE_SANDBOX_WEBHOOK_URL: `${url}/api/webhooks/stripe`,
      ...options.env,
    },
  });
  const door = await startFrontDoor(output, pool, { port });
  return {
    url,
    output,
    pool,
    door,
    async stop() {
      await door.close();
      await pool.stop();
    },
  };
}
